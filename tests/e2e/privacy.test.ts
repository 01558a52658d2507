import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, type ApiAccountExport } from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import { axeViolations } from '../support/axe';
import { signIn, startBrowserHarness, type BrowserHarness } from '../support/browser';
import { watchConsole } from '../support/console';
import { TEST_PASSWORD, registerUser } from '../support/users';

/**
 * My Account's "Your data" (issue 35, PIPEDA) as a customer uses it: the export arrives as a
 * downloaded JSON file of their own account; deleting asks for the password, says a wrong one in
 * the dialog, and once done signs the person out, clears the browser's copy and lands on Home.
 */

let h: BrowserHarness;
beforeAll(async () => {
  h = await startBrowserHarness({ clock: fixedClock('2026-11-23T23:00:00Z') });
});
afterAll(() => h.close());

const CONTACT = { phone: '519-555-0142', address: '55 Wyndham St N, Guelph, ON', isDefault: true };

it('downloads my data as JSON, then deletes the account and signs out for good', async () => {
  const { user } = await registerUser(h.app, { name: 'Grace Hopper', contacts: [CONTACT] });
  const { page } = await h.newPage();
  // The refusals this journey asks for on purpose (a wrong password to delete, then to sign in).
  const problems = watchConsole(page, [
    (message) => /^Failed to load resource: .* status of 40[01]/.test(message.text()),
  ]);
  await signIn(page, user.email);
  await page.goto('/managecontacts');

  // The export: a real file download of the account's own data.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^my-pizza-account-\d{4}-\d{2}-\d{2}\.json$/);
  const path = await download.path();
  const data = JSON.parse(await readFile(path, 'utf8')) as ApiAccountExport;
  expect(data.account).toMatchObject({ email: user.email, name: 'Grace Hopper' });
  expect(data.contacts).toMatchObject([{ phone: CONTACT.phone, address: CONTACT.address }]);
  expect(await axeViolations(page, 'main')).toEqual([]);

  // Delete: a modal dialog, the password field focused; Cancel gives the focus back.
  const deleteButton = page.getByRole('button', { name: 'Delete my account' });
  await deleteButton.click();
  let dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const password = dialog.getByLabel('Your password');
  await expect.poll(() => password.evaluate((node) => node === document.activeElement)).toBe(true);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  await expect
    .poll(() => deleteButton.evaluate((node) => node === document.activeElement))
    .toBe(true);

  // A wrong password: the server's reason, in the dialog, which stays open.
  await deleteButton.click();
  dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Your password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await dialog.getByRole('alert').getByText(ACCOUNT_MESSAGES.deleteWrongPassword).waitFor();
  expect(await axeViolations(page, 'dialog')).toEqual([]);

  // The right one: signed out, nothing of the account kept in the browser, Home says so.
  await dialog.getByLabel('Your password').fill(TEST_PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByText(ACCOUNT_MESSAGES.accountDeleted).waitFor();
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
  const me = await page.evaluate(
    async () => (await fetch('/api/auth/me')).json() as Promise<unknown>,
  );
  expect(me).toEqual({ user: null });

  // The old password opens nothing any more.
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('alert').getByText(ACCOUNT_MESSAGES.invalidCredentials).waitFor();
  expect(new URL(page.url()).pathname).toBe('/login');
  expect(problems).toEqual([]);
  expect(h.pageErrors).toEqual([]);
});
