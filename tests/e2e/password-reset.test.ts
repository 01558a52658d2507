import { afterAll, beforeAll, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import { loadConfig } from '../../src/server/config';
import { axeViolations } from '../support/axe';
import { startBrowserHarness, type BrowserHarness, screenshotsFolder } from '../support/browser';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server';

/**
 * Forgot password in the browser (issue 35): register, sign out, "Forgot password?", the mail's
 * link, a new password, signed in; the old password no longer works. The link is read from the
 * mail as it arrived at a real SMTP server on loopback, sent by the app's own sender.
 */

let h: BrowserHarness;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  const mail = loadConfig({ NODE_ENV: 'test', SMTP_URL: smtp.url }).mail;
  h = await startBrowserHarness({
    clock: fixedClock('2026-11-23T23:00:00Z'),
    config: { mail: { ...mail, pollMs: 100 } },
  });
});
afterAll(async () => {
  await h.close();
  await smtp.close();
});

const SHOTS = screenshotsFolder('password-reset');
const email = `grace-${Date.now()}@example.com`;
const oldPassword = 'margherita-2026';
const newPassword = 'quattro-formaggi-2027';

/** The link in the newest mail that arrived for `to`, in both its parts. */
async function linkInMail(to: string): Promise<URL> {
  await expect.poll(() => smtp.mails.some((mail) => mail.to.includes(to))).toBe(true);
  const mail = smtp.mails.filter((each) => each.to.includes(to)).at(-1);
  const link = /\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error(`no reset link mailed to ${to}`);
  expect(mail?.html).toContain(link.replace(/&/g, '&amp;'));
  return new URL(link);
}

it('forgot password, the mail’s link, a new password: signed in, and the old password refused', async () => {
  const { context, page } = await h.newPage();
  await page.goto('/register');
  await page.getByLabel('Name').fill('Grace Hopper');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(oldPassword);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL('**/managecontacts');
  const menuButton = page.getByRole('button', { name: /Account menu for Grace Hopper/ });
  await menuButton.click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/login');

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL('**/forgot-password');
  await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await page.getByRole('status').getByText(ACCOUNT_MESSAGES.forgotPasswordSent).waitFor();

  // The link is the store's, with the path and token the screen reads; opened on this server.
  const link = await linkInMail(email);
  expect(link.pathname).toBe('/reset-password');
  // Opened where the mail is read: a browser that never chose pickup or delivery.
  const mailed = await h.newPage({ orderType: null });
  const reset = mailed.page;
  await reset.goto(`${link.pathname}${link.search}`);
  await reset.getByRole('heading', { name: 'Set a new password' }).waitFor();
  expect(await axeViolations(reset)).toEqual([]);
  // The registration rules, and the two fields must agree.
  await reset.getByLabel('New password', { exact: true }).fill(newPassword);
  await reset.getByLabel('Confirm new password').fill(`${newPassword}x`);
  await reset.getByRole('button', { name: 'Set the new password' }).click();
  await reset.getByRole('alert').getByText(ACCOUNT_MESSAGES.passwordsDiffer).waitFor();
  await reset.getByLabel('Confirm new password').fill(newPassword);
  await reset.getByRole('button', { name: 'Set the new password' }).click();
  // The success is read where nothing covers it, not under Home's order type chooser (issue 44).
  const done = reset.getByText('Your new password is set, and you are signed in.', {
    exact: true,
  });
  await done.waitFor();
  const uncovered = () =>
    done.evaluate((node) => {
      const box = node.getBoundingClientRect();
      const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return top !== null && node.contains(top);
    });
  expect(await uncovered()).toBe(true);
  // Still there a moment later (a toast would have gone), and focused for a screen reader.
  await reset.waitForTimeout(4500);
  expect(await uncovered()).toBe(true);
  expect(await done.evaluate((node) => node === document.activeElement)).toBe(true);
  expect(await axeViolations(reset)).toEqual([]);
  await reset.screenshot({ path: `${SHOTS}/reset-done-390.png`, fullPage: true });
  await reset.setViewportSize({ width: 1280, height: 900 });
  await reset.screenshot({ path: `${SHOTS}/reset-done-1280.png`, fullPage: true });
  await reset.setViewportSize({ width: 390, height: 844 });
  await reset.getByRole('link', { name: 'Start an order' }).click();
  await reset.waitForURL((url) => url.pathname === '/');
  // Signed in; this browser's first order still starts with pickup or delivery.
  const chooser = reset.getByRole('dialog', { name: 'How would you like your order?' });
  await chooser.getByRole('button', { name: /^Pickup/ }).click();
  await reset.getByRole('button', { name: /Account menu for Grace Hopper/ }).waitFor();
  await mailed.context.close();

  // The same link again: the server's message, and a way to ask for a new one.
  const second = await context.newPage();
  await second.goto(`${link.pathname}${link.search}`);
  await second.getByLabel('New password', { exact: true }).fill('yet another password');
  await second.getByLabel('Confirm new password').fill('yet another password');
  await second.getByRole('button', { name: 'Set the new password' }).click();
  await second.getByRole('alert').getByText(ACCOUNT_MESSAGES.resetTokenInvalid).waitFor();
  await second.getByRole('link', { name: 'Ask for a new link' }).waitFor();
  await context.close();

  // A fresh browser: the old password is refused, the new one signs in.
  const fresh = await h.newPage();
  await fresh.page.goto('/login');
  await fresh.page.getByLabel('Email').fill(email);
  await fresh.page.getByLabel('Password').fill(oldPassword);
  await fresh.page.getByRole('button', { name: 'Login', exact: true }).click();
  await fresh.page.getByRole('alert').getByText(ACCOUNT_MESSAGES.invalidCredentials).waitFor();
  await fresh.page.getByLabel('Password').fill(newPassword);
  await fresh.page.getByRole('button', { name: 'Login', exact: true }).click();
  await fresh.page.waitForURL((url) => url.pathname === '/');
  await fresh.context.close();
  expect(h.pageErrors).toEqual([]);
});
