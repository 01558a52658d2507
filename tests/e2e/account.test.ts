import { afterAll, beforeAll, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import { signIn, startBrowserHarness, type BrowserHarness } from '../support/browser';

let h: BrowserHarness;
beforeAll(async () => {
  // Monday 2026-11-23 18:00 in Toronto: open by the hours.
  h = await startBrowserHarness({ clock: fixedClock('2026-11-23T23:00:00Z') });
});
afterAll(() => h.close());

const email = `ada-${Date.now()}@example.com`;
const password = 'pepperoni-2026';
const phone = '519-555-0142';
/** The number as every screen shows it (`formatPhone`), whatever was typed. */
const shownPhone = '(519) 555-0142';
const guelphAddress = '55 Wyndham St N, Guelph, ON N1H 4E6';

it('registers, saves a default contact, logs out and logs back in to the return path', async () => {
  const { context, page } = await h.newPage();

  // Register: lands on Manage Contacts with the heading focused.
  await page.goto('/register');
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByText('Registration Successful').waitFor();
  await page.waitForURL('**/managecontacts');
  const heading = page.getByRole('heading', { name: 'Manage Contacts' });
  await expect.poll(() => heading.evaluate((node) => node === document.activeElement)).toBe(true);

  // A new account has no contacts: 'Add Contact' opens the form with 'Set as Default' ticked.
  await page.getByRole('button', { name: 'Add Contact', exact: true }).click();
  const form = page.getByRole('form', { name: 'Add contact' });
  expect(await form.getByLabel('Set as Default').isChecked()).toBe(true);

  // Blank fields and an address outside Guelph are refused with the spec's alerts.
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('alert').getByText('Phone and address are required.').waitFor();
  await form.getByLabel('Phone No').fill(phone);
  await form.getByLabel('Address').fill('100 Queen St W, Toronto, ON M5H 2N2');
  await form.getByRole('button', { name: 'Save' }).click();
  await page
    .getByRole('alert')
    .getByText('Please enter a valid address within Guelph, Ontario.')
    .waitFor();
  expect(await page.getByRole('article').count()).toBe(0);

  // A Guelph address saves, and the only contact shows as the default.
  await form.getByLabel('Address').fill(guelphAddress);
  await form.getByRole('button', { name: 'Save' }).click();
  const card = page.getByRole('article', { name: shownPhone });
  await card.getByText(guelphAddress).waitFor();
  expect(await card.getByRole('checkbox', { name: 'Default' }).isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Add New Contact' }).waitFor();
  const stored = await page.evaluate(() => localStorage.getItem('user'));
  expect(JSON.parse(stored ?? '{}')).toMatchObject({
    email,
    contacts: [{ phone, address: guelphAddress, isDefault: true }],
  });

  // The add form opens unticked after a save (spec 9).
  await page.getByRole('button', { name: 'Add New Contact' }).click();
  const secondForm = page.getByRole('form', { name: 'Add contact' });
  expect(await secondForm.getByLabel('Set as Default').isChecked()).toBe(false);
  await secondForm.getByRole('button', { name: 'Cancel' }).click();

  // Log out through the user menu: keyboard-operable disclosure, then Logout.
  const menuButton = page.getByRole('button', { name: /Account menu for Ada Lovelace/ });
  await menuButton.click();
  expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
  await page.keyboard.press('Escape');
  expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
  await expect
    .poll(() => menuButton.evaluate((node) => node === document.activeElement))
    .toBe(true);
  await menuButton.click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();

  // Signed out, Manage Contacts sends the visitor to log in and back again.
  await page.goto('/managecontacts');
  await page.waitForURL('**/login');
  await page.getByRole('heading', { name: 'Login' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('alert').getByText('Invalid email or password.').waitFor();
  expect(page.url()).toMatch(/\/login$/);

  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/managecontacts');
  await page.getByRole('article', { name: shownPhone }).waitFor();
  await context.close();
  expect(h.pageErrors).toEqual([]);
});

it('keeps one default, edits inline and deletes; a taken email says so', async () => {
  const { context, page } = await h.newPage();
  await signIn(page, email, { password, landsOn: (url) => url.pathname === '/' });

  await page.goto('/managecontacts');
  const first = page.getByRole('article', { name: shownPhone });
  await first.waitFor();
  await page.getByRole('button', { name: 'Add New Contact' }).click();
  const form = page.getByRole('form', { name: 'Add contact' });
  await form.getByLabel('Phone No').fill('(519) 555-0199');
  await form.getByLabel('Address').fill('1 Stone Rd W, Guelph, Ontario');
  // A fresh visit's form starts ticked (spec 9); this one is saved as not the default.
  expect(await form.getByLabel('Set as Default').isChecked()).toBe(true);
  await form.getByLabel('Set as Default').uncheck();
  await form.getByRole('button', { name: 'Save' }).click();
  const second = page.getByRole('article', { name: /555-0199/ });
  await second.waitFor();
  expect(await second.getByRole('checkbox', { name: 'Default' }).isChecked()).toBe(false);

  // Ticking Default on the second clears the first, on screen and on the server.
  await second.getByRole('checkbox', { name: 'Default' }).check();
  expect(await first.getByRole('checkbox', { name: 'Default' }).isChecked()).toBe(false);
  await expect
    .poll(async (): Promise<unknown> => (await page.request.get(`/api/auth/me`)).json())
    .toMatchObject({
      user: {
        contacts: expect.arrayContaining([
          {
            _id: expect.any(String) as unknown,
            phone: '(519) 555-0199',
            address: '1 Stone Rd W, Guelph, Ontario',
            isDefault: true,
          },
        ]) as unknown,
      },
    });

  // Inline edit: a blank phone is refused, a new address saves.
  await second.getByRole('button', { name: 'Edit' }).click();
  const editForm = page.getByRole('form', { name: /Edit contact/ });
  await editForm.getByLabel('Phone No').fill('');
  await editForm.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('alert').getByText('Phone and address are required.').waitFor();
  await editForm.getByLabel('Phone No').fill('519-555-0199');
  await editForm.getByLabel('Address').fill('2 Stone Rd W, Guelph, ON');
  await editForm.getByRole('button', { name: 'Save' }).click();
  const edited = page.getByRole('article', { name: /\(519\) 555-0199/ });
  await edited.getByText('2 Stone Rd W, Guelph, ON').waitFor();
  expect(await edited.getByRole('checkbox', { name: 'Default' }).isChecked()).toBe(true);

  // Delete asks first (tests/e2e/lists-cart-contacts.test.ts covers Cancel and a failure).
  await edited.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this contact?' })
    .getByRole('button', { name: 'Delete contact' })
    .click();
  await edited.waitFor({ state: 'detached' });
  expect(await page.getByRole('article').count()).toBe(1);
  await context.close();

  // Registering the same email again tells the person why it failed.
  const again = await h.newPage();
  await again.page.goto('/register');
  await again.page.getByLabel('Name').fill('Ada Again');
  await again.page.getByLabel('Email').fill(email);
  await again.page.getByLabel('Password').fill(password);
  await again.page.getByRole('button', { name: 'Register' }).click();
  await again.page.getByRole('alert').getByText(ACCOUNT_MESSAGES.duplicateEmail).waitFor();
  expect(again.page.url()).toMatch(/\/register$/);
  await again.context.close();
  expect(h.pageErrors).toEqual([]);
});

it('turns the optional order emails off and on in My Account; the receipt is said to be always sent', async () => {
  const { context, page } = await h.newPage();
  await signIn(page, email, { password, landsOn: (url) => url.pathname === '/' });
  await page.goto('/managecontacts');
  const section = page.getByRole('region', { name: 'Order emails' });
  await section.getByText('We always email your receipt').waitFor();
  const box = section.getByRole('checkbox', { name: /ready for pickup or out for delivery/ });
  expect(await box.isChecked()).toBe(true);
  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { _id: string } };
  const url = `/api/user/${me.user._id}/mail-preferences`;
  // A slow network: the box shows the tap before the server has answered.
  await page.route('**/mail-preferences', async (route) => {
    if (route.request().method() === 'PUT') await new Promise((done) => setTimeout(done, 700));
    await route.continue();
  });

  await box.uncheck();
  await expect
    .poll(async (): Promise<unknown> => (await page.request.get(url)).json())
    .toEqual({ orderUpdates: false });
  await page.reload();
  await page.getByRole('region', { name: 'Order emails' }).waitFor();
  expect(await box.isChecked()).toBe(false);

  await box.check();
  await expect
    .poll(async (): Promise<unknown> => (await page.request.get(url)).json())
    .toEqual({ orderUpdates: true });
  await context.close();
  expect(h.pageErrors).toEqual([]);
});
