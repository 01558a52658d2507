/**
 * The store's Menu, Staff accounts and Today screens in the browser, against the real routes:
 * an item marked sold out and back (the customer's item screen follows), a new price (the
 * customer's menu follows), a photo uploaded and shown, a file the server refuses with its own
 * words; staff accounts added, signed in, given a new password and removed (their session ends),
 * the admin's own account refused, a staff member who is not the admin told so; today's tiles
 * against orders placed through the API on a fixed clock, refreshed, and the CSV export. axe on
 * each screen, screenshots at 1280×800 in SHOTS.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  seededCategory,
  formatMoney,
  toCents,
  type ApiOrder,
  type ApiStaffProduct,
  type ApiStaffUser,
  type ApiTodayReport,
} from '../../src/domain';
import { fixedClock } from '../../src/server/clock';
import { axeViolations } from '../support/axe';
import {
  signIn,
  startBrowserHarness,
  type BrowserHarness,
  screenshotsFolder,
} from '../support/browser';
import { LIVE, MONDAY_EVENING as NOW, text } from '../support/journey';
import { refused, watchConsole, type ConsoleAllowance } from '../support/console';
import {
  call,
  placeOrder,
  registerCustomer,
  registerMember,
  registerStaff,
  type Account,
} from '../support/orders';
import { logIn } from '../support/users';

const SHOTS = screenshotsFolder('staff-admin');
const TABLET = { width: 1280, height: 800 };
const ADMIN_ONLY = "Only the store's admin can manage staff accounts.";
const storeDay = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Toronto',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

let h: BrowserHarness;
const clock = fixedClock(NOW);
let admin: Account & { name: string; email: string };
let files: string;

beforeAll(async () => {
  h = await startBrowserHarness({ clock });
  const { user, account } = await registerMember(h.app, h.db, 'admin', { name: 'Alex Admin' });
  admin = { ...account, name: user.name, email: user.email };
  files = mkdtempSync(join(tmpdir(), 'staff-admin-'));
});
afterAll(() => h.close());

/**
 * A tablet-sized page signed in as `who` through its session cookie (the login screen and its
 * rate limit are for the one test that signs in by hand), on the server's clock.
 */
async function openAs(
  who: Account,
  path: string,
  allow: ConsoleAllowance[] = [],
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const { context, page } = await h.newPage({
    now: clock.now().toISOString(),
    session: who.cookie,
  });
  await page.setViewportSize(TABLET);
  const problems = watchConsole(page, allow);
  await page.goto(path);
  return { context, page, problems };
}

async function staffProducts(): Promise<ApiStaffProduct[]> {
  const response = await call(h.app, admin, 'GET', '/api/staff/products');
  expect(response.statusCode).toBe(200);
  return response.json<ApiStaffProduct[]>();
}

async function staffProduct(name: string): Promise<ApiStaffProduct> {
  const found = (await staffProducts()).find((each) => each.name === name);
  if (!found) throw new Error(`No ${name} in /api/staff/products`);
  return found;
}

const row = (page: Page, name: string) =>
  page.getByRole('listitem', { name, exact: true }).filter({ has: page.locator('img') });
const status = (page: Page, message: string) =>
  page.getByRole('status').getByText(message, { exact: true });
const alert = (scope: Page | Locator, message: string) =>
  scope.getByRole('alert').getByText(message, { exact: true });

/** Requests the page makes to `pattern` from now on, to prove none was sent. */
function countRequests(page: Page, pattern: RegExp): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (pattern.test(new URL(request.url()).pathname)) count += 1;
  });
  return () => count;
}

/** A real PNG of one colour, made here (no image library needed): signature, IHDR, IDAT, IEND. */
function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const line = Buffer.alloc(1 + width * 3); // filter byte 0, then the pixels
  for (let x = 0; x < width; x += 1) line.set([r, g, b], 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => line)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function tempFile(name: string, content: Buffer | string): string {
  const path = join(files, name);
  writeFileSync(path, content);
  return path;
}

it('marks an item sold out and back, and the customer’s item screen follows', async () => {
  const panzerotti = await staffProduct('Panzerotti');
  expect(panzerotti.soldOut).toBe(false);
  const { context, page, problems } = await openAs(admin, '/staff/menu');
  try {
    await page.getByRole('heading', { level: 1, name: 'Menu' }).waitFor();
    // Grouped by the catalogue's categories.
    await page
      .getByRole('heading', { level: 2, name: seededCategory('panzerotti').title, exact: true })
      .waitFor();
    const item = row(page, 'Panzerotti');
    expect(await text(item.getByTestId('menu-price'))).toBe(formatMoney(toCents(panzerotti.price)));
    const photo = item.locator('img');
    expect(await photo.getAttribute('width')).toBe('96');
    expect(await photo.getAttribute('height')).toBe('72');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/menu-1280.png`, fullPage: true });

    // The filter narrows a long menu by name.
    await page.getByRole('searchbox', { name: 'Find an item' }).fill('wing');
    await expect.poll(() => row(page, 'Panzerotti').count()).toBe(0);
    await row(page, 'Wings').waitFor();
    await page.getByRole('searchbox', { name: 'Find an item' }).fill('');
    await item.waitFor();

    const soldOut = item.getByRole('switch', { name: 'Sold out' });
    expect(await soldOut.isChecked()).toBe(false);
    await soldOut.click();
    await status(page, 'Panzerotti is marked sold out.').waitFor();
    expect(await soldOut.isChecked()).toBe(true);
    expect((await staffProduct('Panzerotti')).soldOut).toBe(true);

    const customer = await h.newPage();
    const customerProblems = watchConsole(customer.page);
    await customer.page.goto(`/${seededCategory('panzerotti').segment}/${panzerotti._id}`);
    await customer.page.getByRole('heading', { level: 1, name: 'Panzerotti' }).waitFor();
    await customer.page.getByRole('status').getByText('Sold out', { exact: true }).waitFor();
    expect(await customer.page.getByRole('button', { name: 'Sold out' }).isDisabled()).toBe(true);

    // Back on the menu: the switch, then the customer's screen after a reload.
    await soldOut.click();
    await status(page, 'Panzerotti is back on the menu.').waitFor();
    expect(await soldOut.isChecked()).toBe(false);
    expect((await staffProduct('Panzerotti')).soldOut).toBe(false);
    await customer.page.reload();
    await customer.page.getByRole('button', { name: 'Add to Cart' }).waitFor();
    expect(await customer.page.getByText('Sold out', { exact: true }).count()).toBe(0);
    await customer.context.close();
    expect(customerProblems).toEqual([]);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
    await h.db.query('update products set sold_out = false where id = $1', [panzerotti._id]);
  }
});

it('puts a refused sold-out change back, with the server’s reason', async () => {
  const wings = await staffProduct('Wings');
  const { context, page, problems } = await openAs(admin, '/staff/menu', [refused(403)]);
  try {
    const item = row(page, 'Wings');
    await item.waitFor();
    // The staff frame has loaded the board and its stream before the role goes.
    await page.getByTestId('staff-connection').getByText('Live').waitFor();
    // The account loses the staff role while the screen is open: the server's 403, in its words.
    await h.db.query(`update users set role = 'customer' where id = $1`, [admin.id]);
    const direct = await h.app.inject({
      method: 'PATCH',
      url: `/api/staff/products/${wings._id}`,
      headers: { cookie: admin.cookie },
      payload: { available: false },
    });
    expect(direct.statusCode).toBe(403);
    const soldOut = item.getByRole('switch', { name: 'Sold out' });
    await soldOut.click();
    await alert(item, direct.json<{ message: string }>().message).waitFor();
    expect(await soldOut.isChecked()).toBe(false);
    expect(await soldOut.isDisabled()).toBe(false);
    await h.db.query(`update users set role = 'admin' where id = $1`, [admin.id]);
    expect((await staffProduct('Wings')).soldOut).toBe(false);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
    await h.db.query(`update users set role = 'admin' where id = $1`, [admin.id]);
  }
});

it('changes a price after checking it, and the customer’s menu shows the new one', async () => {
  const panzerotti = await staffProduct('Panzerotti');
  const { context, page, problems } = await openAs(admin, '/staff/menu');
  try {
    const item = row(page, 'Panzerotti');
    await item.waitFor();
    const patches = countRequests(page, /^\/api\/staff\/products\/[^/]+$/);
    const edit = item.getByRole('button', { name: 'Edit price' });
    await edit.click();
    const field = item.getByLabel('Price in dollars');
    // The field takes focus and starts from today's price, in dollars with 2 decimals.
    expect(await field.evaluate((node) => node === document.activeElement)).toBe(true);
    expect(await field.inputValue()).toBe(panzerotti.price.toFixed(2));

    // The domain's one price rule and its words (issue 34), as the menu editor and the API say them.
    const form = 'Please give the amount in dollars and cents, like 12.99.';
    for (const [wrong, message] of [
      ['-0.01', 'The amount cannot be negative.'],
      ['1000.01', 'The amount is too high: at most $1000.00.'],
      ['12.999', form],
      ['twelve', form],
      ['', form],
    ] as const) {
      await field.fill(wrong);
      await item.getByRole('button', { name: 'Save' }).click();
      await alert(item, message).waitFor();
      expect(await field.getAttribute('aria-invalid')).toBe('true');
    }
    expect(patches()).toBe(0);

    // Cancel leaves the price as it was and gives focus back to Edit price.
    await item.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => edit.evaluate((node) => node === document.activeElement)).toBe(true);
    expect(await text(item.getByTestId('menu-price'))).toBe(formatMoney(toCents(panzerotti.price)));
    expect(await item.getByText('Saved', { exact: true }).count()).toBe(0);

    await edit.click();
    await field.fill('21.49');
    await item.getByRole('button', { name: 'Save' }).click();
    await status(page, 'Panzerotti now costs $21.49.').waitFor();
    expect(await text(item.getByTestId('menu-price'))).toBe('$21.49');
    // Said where the owner looks, not only out loud (issue 44: "Edit price says Saved").
    await item.getByText('Saved', { exact: true }).waitFor();
    expect(await item.getByLabel('Price in dollars').count()).toBe(0);
    await expect.poll(() => edit.evaluate((node) => node === document.activeElement)).toBe(true);
    expect(patches()).toBe(1);
    expect((await staffProduct('Panzerotti')).price).toBe(21.49);

    const customer = await h.newPage();
    const customerProblems = watchConsole(customer.page);
    await customer.page.goto(`/category/${seededCategory('panzerotti').segment}`);
    const card = customer.page.getByRole('link', { name: /Panzerotti/ });
    await expect.poll(() => text(card.locator('.card-price')), LIVE).toBe('$21.49');
    await customer.context.close();
    expect(customerProblems).toEqual([]);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
    await h.db.query('update products set price_cents = $2 where id = $1', [
      panzerotti._id,
      toCents(panzerotti.price),
    ]);
  }
});

it('uploads a photo and shows it; refuses a large file, a non-image and the server’s refusal', async () => {
  const before = await staffProduct('Wings');
  const { context, page, problems } = await openAs(admin, '/staff/menu', [refused(400)]);
  try {
    const item = row(page, 'Wings');
    await item.waitFor();
    const uploads = countRequests(page, /\/image$/);
    const input = item.getByLabel('Change photo');
    expect(await input.getAttribute('accept')).toBe('image/jpeg,image/png,image/webp');

    // Checked here before any upload: the size, then the type.
    await input.setInputFiles(tempFile('huge.png', Buffer.alloc(5 * 1024 * 1024 + 1)));
    await alert(item, 'That photo is larger than 5 MB. Please choose a smaller one.').waitFor();
    await input.setInputFiles(tempFile('notes.txt', 'Not a photo'));
    await alert(item, 'Please choose a JPEG, PNG or WebP photo.').waitFor();
    expect(uploads()).toBe(0);

    // A real PNG: "Uploading..." while it travels, then the new photo.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/staff/products/*/image', async (route) => {
      await held;
      await route.continue();
    });
    await input.setInputFiles(tempFile('wings.png', solidPng(320, 240, [200, 40, 30])));
    await item.getByRole('status').getByText('Uploading photo...', { exact: true }).waitFor();
    // Busy, yet still holding the keyboard's focus: aria-disabled, not disabled.
    expect(await input.getAttribute('aria-disabled')).toBe('true');
    release();
    await status(page, 'New photo saved for Wings.').waitFor();
    await page.unroute('**/api/staff/products/*/image');
    const after = await staffProduct('Wings');
    expect(after.image).not.toBe(before.image);
    const photo = item.locator('img');
    await expect.poll(() => photo.getAttribute('src')).toBe(after.image);
    await expect
      .poll(() => photo.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth))
      .toBeGreaterThan(0);
    expect(uploads()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/menu-photo-1280.png` });

    // Bytes that only claim to be a PNG: the server refuses them and says why, as it says it.
    const fake = 'This is not a picture at all.';
    const direct = await h.app.inject({
      method: 'POST',
      url: `/api/staff/products/${before._id}/image`,
      headers: { cookie: admin.cookie, 'content-type': 'image/png' },
      payload: Buffer.from(fake),
    });
    expect(direct.statusCode).toBe(400);
    const { message } = direct.json<{ message: string }>();
    await input.setInputFiles(tempFile('fake.png', fake));
    await alert(item, message).waitFor();
    expect(uploads()).toBe(2);
    expect((await staffProduct('Wings')).image).toBe(after.image);
    expect(await photo.getAttribute('src')).toBe(after.image);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});

it('adds a staff member who can sign in, resets their password and removes them', async () => {
  const { context, page, problems } = await openAs(admin, '/staff/users', [refused(409)]);
  const member = {
    name: 'Sam Counter',
    email: `sam-${Date.now()}@example.com`,
    password: 'pizza counter 1',
  };
  try {
    await page.getByRole('heading', { level: 1, name: 'Staff accounts' }).waitFor();
    const list = page.getByRole('list', { name: 'Staff accounts' });
    const mine = list.getByRole('listitem', { name: `${admin.name} (you)` });
    await mine.waitFor();
    expect(await text(mine)).toContain(admin.email);
    expect(await text(mine)).toContain('Admin');
    // The day the account was made, in the store's time zone, as the server recorded it.
    const listed = (await call(h.app, admin, 'GET', '/api/staff/users')).json<ApiStaffUser[]>();
    const createdAt = listed.find((each) => each._id === admin.id)?.createdAt ?? '';
    expect(await text(mine)).toContain(`Added ${storeDay.format(new Date(createdAt))}`);

    // The register form's rules, before anything is sent.
    const form = page.getByRole('form', { name: 'Add staff' });
    await form.getByLabel('Name').fill(member.name);
    await form.getByLabel('Email').fill(member.email);
    await form.getByLabel('Password').fill('short');
    await form.getByRole('button', { name: 'Add staff' }).click();
    await alert(form, ACCOUNT_MESSAGES.passwordTooShort).waitFor();
    await form.getByLabel('Password').fill(member.password);
    await form.getByRole('button', { name: 'Add staff' }).click();
    await status(page, `${member.name} can now sign in to the staff app.`).waitFor();
    const theirs = list.getByRole('listitem', { name: member.name, exact: true });
    await theirs.waitFor();
    expect(await text(theirs)).toContain(member.email);
    expect(await text(theirs)).toContain('Staff');
    expect(await form.getByLabel('Name').inputValue()).toBe('');
    const stored = (await call(h.app, admin, 'GET', '/api/staff/users')).json<ApiStaffUser[]>();
    expect(stored.find((each) => each.email === member.email)).toMatchObject({
      name: member.name,
      role: 'staff',
    });
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/users-1280.png`, fullPage: true });

    // They sign in like anyone else and the staff app opens for them.
    const theirPage = await h.newPage();
    const theirProblems = watchConsole(theirPage.page);
    await signIn(theirPage.page, member.email, { password: member.password });
    await theirPage.page.goto('/staff');
    await theirPage.page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(new URL(theirPage.page.url()).pathname.startsWith('/staff')).toBe(true);
    expect((await theirPage.page.request.get('/api/staff/orders')).status()).toBe(200);

    // Reset password: checked, saved, and only the new one works.
    await theirs.getByRole('button', { name: 'Reset password' }).click();
    const resetDialog = page.getByRole('dialog', { name: `Reset the password of ${member.name}` });
    await resetDialog.waitFor();
    const newPassword = resetDialog.getByLabel('New password');
    expect(await newPassword.evaluate((node) => node === document.activeElement)).toBe(true);
    await newPassword.fill('short');
    await resetDialog.getByRole('button', { name: 'Save password' }).click();
    await alert(resetDialog, ACCOUNT_MESSAGES.passwordTooShort).waitFor();
    await newPassword.fill('a brand new secret');
    await resetDialog.getByRole('button', { name: 'Save password' }).click();
    await status(page, `${member.name}'s new password is saved.`).waitFor();
    expect(await resetDialog.count()).toBe(0);
    await expect
      .poll(() =>
        theirs
          .getByRole('button', { name: 'Reset password' })
          .evaluate((node) => node === document.activeElement),
      )
      .toBe(true);
    const login = (password: string) => logIn(h.app, { email: member.email, password });
    expect((await login(member.password)).statusCode).toBe(401);
    expect((await login('a brand new secret')).statusCode).toBe(200);

    // The admin cannot remove themselves: the server's 409, said as it says it.
    const selfRemoval = await call(h.app, admin, 'DELETE', `/api/staff/users/${admin.id}`);
    expect(selfRemoval.statusCode).toBe(409);
    const removeMine = mine.getByRole('button', { name: 'Remove' });
    await removeMine.click();
    const selfDialog = page.getByRole('dialog', { name: `Remove ${admin.name}?` });
    await selfDialog.getByRole('button', { name: `Remove ${admin.name}` }).click();
    await alert(selfDialog, selfRemoval.json<{ message: string }>().message).waitFor();
    await selfDialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await selfDialog.count()).toBe(0);
    await expect
      .poll(() => removeMine.evaluate((node) => node === document.activeElement))
      .toBe(true);
    await mine.waitFor();

    // Their screen had nothing to complain about while they were a member.
    expect(theirProblems).toEqual([]);

    // Remove: a dialog naming them; their session ends at once.
    await theirs.getByRole('button', { name: 'Remove' }).click();
    const removeDialog = page.getByRole('dialog', { name: `Remove ${member.name}?` });
    expect(await text(removeDialog)).toContain(member.email);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/users-remove-1280.png` });
    await removeDialog.getByRole('button', { name: `Remove ${member.name}` }).click();
    await status(page, `${member.name} was removed and signed out.`).waitFor();
    expect(await removeDialog.count()).toBe(0);
    expect(await theirs.count()).toBe(0);
    expect((await theirPage.page.request.get('/api/staff/orders')).status()).toBe(401);
    const after = (await call(h.app, admin, 'GET', '/api/staff/users')).json<ApiStaffUser[]>();
    expect(after.some((each) => each.email === member.email)).toBe(false);
    await theirPage.context.close();
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});

it('tells a staff member who is not the admin that staff accounts are the admin’s', async () => {
  const staff = await registerStaff(h.app, h.db);
  const { context, page, problems } = await openAs(staff, '/staff/users', [refused(403)]);
  try {
    await page.getByRole('heading', { level: 1, name: 'Staff accounts' }).waitFor();
    await page.getByText(ADMIN_ONLY, { exact: true }).waitFor();
    expect(await page.getByRole('list', { name: 'Staff accounts' }).count()).toBe(0);
    expect(await page.getByRole('form', { name: 'Add staff' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});

it('shows today’s numbers from the orders placed, refreshes them, and exports a CSV', async () => {
  const staff = await registerStaff(h.app, h.db);
  const customer = await registerCustomer(h.app);
  const answer = async (order: ApiOrder, step: 'accept' | 'decline', body: object) => {
    const response = await call(
      h.app,
      staff,
      'POST',
      `/api/staff/orders/${order._id}/${step}`,
      body,
    );
    expect(response.statusCode).toBe(200);
  };

  // Four orders at 18:00; one accepted after 90 s, one after 150 s, one declined, one waiting.
  const first = await placeOrder(h.app, customer);
  const second = await placeOrder(h.app, customer, [{ name: 'Coke', quantity: 2 }]);
  const third = await placeOrder(h.app, customer);
  await placeOrder(h.app, customer);
  // Placed now for Tuesday noon and accepted: Tuesday's business, listed apart (issue 44).
  const forLater = await placeOrder(h.app, customer, [{ name: 'Sprite', quantity: 3 }], {
    scheduledTime: '2026-11-24T12:00:00-05:00',
  });
  clock.advance(90_000);
  await answer(first, 'accept', { minutes: 20 });
  clock.advance(60_000);
  await answer(second, 'accept', { minutes: 20 });
  await answer(third, 'decline', { reason: 'busy' });
  await answer(forLater, 'accept', {});

  const report = (
    await call(h.app, admin, 'GET', '/api/staff/reports/today')
  ).json<ApiTodayReport>();
  const both = (dollars: (order: ApiOrder) => number) =>
    toCents(dollars(first)) + toCents(dollars(second));
  expect(report).toEqual({
    date: '2026-11-23',
    received: 4,
    accepted: 2,
    declined: 1,
    missed: 0,
    cancelled: 0,
    foodSales: both((order) => order.subtotal) / 100,
    hst: both((order) => order.hst) / 100,
    tips: both((order) => order.tip) / 100,
    deliveryFees: both((order) => order.deliveryFee) / 100,
    medianAcceptSeconds: 120,
    slowestAcceptSeconds: 150,
    scheduledLater: [
      {
        number: forLater.number,
        scheduledFor: '2026-11-24T17:00:00.000Z',
        total: toCents(forLater.totalPrice) / 100,
      },
    ],
  });

  const { context, page } = await h.newPage({ session: admin.cookie });
  await page.setViewportSize(TABLET);
  // Fake timers, so the minute between refreshes can pass at once.
  await context.clock.install({ time: clock.now() });
  const problems = watchConsole(page);
  try {
    await page.goto('/staff/today');
    await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
    const tile = (key: string) => text(page.getByTestId(`today-${key}`));
    await expect.poll(() => tile('received')).toBe('4');
    expect(await tile('accepted')).toBe('2');
    expect(await tile('declined')).toBe('1');
    expect(await tile('missed')).toBe('0');
    expect(await tile('cancelled')).toBe('0');
    // The money apart: food, HST, tips and fees, adding up to the accepted orders' totals.
    expect(await tile('food')).toBe(formatMoney(both((order) => order.subtotal)));
    expect(await tile('hst')).toBe(formatMoney(both((order) => order.hst)));
    expect(await tile('tips')).toBe(formatMoney(both((order) => order.tip)));
    expect(await tile('fees')).toBe(formatMoney(both((order) => order.deliveryFee)));
    expect(
      both((order) => order.subtotal) +
        both((order) => order.hst) +
        both((order) => order.tip) +
        both((order) => order.deliveryFee),
    ).toBe(both((order) => order.totalPrice));
    expect(await tile('median')).toBe('2 min 00 s');
    expect(await tile('slowest')).toBe('2 min 30 s');
    expect(await text(page.getByTestId('today-later').locator('li'))).toBe(
      `#${forLater.number} for Nov 24, 2026, 12:00 PM: ${formatMoney(toCents(forLater.totalPrice))}`,
    );
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/today-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/today-390.png`, fullPage: true });
    await page.setViewportSize(TABLET);

    // A minute later the screen asks again by itself.
    await placeOrder(h.app, customer);
    await context.clock.fastForward(60_000);
    await expect.poll(() => tile('received'), LIVE).toBe('5');
    // And at once on Refresh.
    await placeOrder(h.app, customer);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => tile('received'), LIVE).toBe('6');
    await status(page, "Today's numbers are up to date.").waitFor();

    // Export: this month so far in Toronto by default, the same file the server gives.
    const from = page.getByLabel('From', { exact: true });
    const to = page.getByLabel('To', { exact: true });
    expect(await from.inputValue()).toBe('2026-11-01');
    expect(await to.inputValue()).toBe('2026-11-23');
    const link = page.getByRole('link', { name: 'Download CSV' });
    const csvPath = '/api/staff/reports/orders.csv?from=2026-11-01&to=2026-11-23';
    expect(await link.getAttribute('href')).toBe(csvPath);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const served = await call(h.app, admin, 'GET', csvPath);
    expect(served.statusCode).toBe(200);
    expect(readFileSync(await download.path(), 'utf8')).toBe(served.body);
    // A header and at least a line for each of the six orders.
    expect(served.body.trim().split('\n').length).toBeGreaterThanOrEqual(7);

    // From after To: said, and nothing downloads.
    let downloads = 0;
    page.on('download', () => (downloads += 1));
    await from.fill('2026-11-24');
    await link.click();
    await alert(page, 'The From date must be on or before the To date.').waitFor();
    expect(await from.getAttribute('aria-invalid')).toBe('true');
    await page.screenshot({ path: `${SHOTS}/today-export-error-1280.png`, fullPage: true });
    await from.fill('2026-11-20');
    expect(await page.getByRole('alert').filter({ hasText: 'From date' }).count()).toBe(0);
    expect(await link.getAttribute('href')).toBe(
      '/api/staff/reports/orders.csv?from=2026-11-20&to=2026-11-23',
    );
    expect(downloads).toBe(0);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});

it('each screen is usable on a 390 px phone', async () => {
  const screens = [
    { path: '/staff/menu', ready: (page: Page) => row(page, 'Wings') },
    {
      path: '/staff/users',
      ready: (page: Page) => page.getByRole('list', { name: 'Staff accounts' }),
    },
    { path: '/staff/today', ready: (page: Page) => page.getByTestId('today-received') },
    // The week of hours was 507 px too wide at 390 before its rows wrapped.
    {
      path: '/staff/store',
      ready: (page: Page) => page.getByRole('group', { name: 'Opening hours' }),
    },
  ];
  for (const { path, ready } of screens) {
    const { context, page, problems } = await openAs(admin, path);
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await ready(page).waitFor();
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      await page.screenshot({
        path: `${SHOTS}${path.replace('/staff', '')}-390.png`,
        fullPage: true,
      });
      // The header's longest connection state fits as well (the stream may still be connecting
      // or reconnecting when a phone opens the page): the status row wraps instead of overflowing.
      const withLongestState = await page.evaluate(() => {
        const status = document.querySelector('[data-testid="staff-connection"]');
        if (status) status.textContent = 'Reconnecting...';
        return document.documentElement.scrollWidth;
      });
      expect(withLongestState).toBeLessThanOrEqual(390);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }
});
