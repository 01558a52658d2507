import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { startBrowserHarness, type BrowserHarness, screenshotsFolder } from '../support/browser';
import {
  startJwksServer,
  TEST_GOOGLE_CLIENT_ID,
  TEST_GOOGLE_ISSUER,
  type JwksServer,
} from '../support/jwks-server';
import { logIn } from '../support/users';
import type { ApiProduct, ApiSocialLoginAnswer, ApiUser } from '../../src/domain';

const GSI_SRC = 'https://accounts.google.com/gsi/client';
const GOOGLE_FAILED = 'Google login failed.';
const SHOTS = screenshotsFolder('google');
// Monday 2026-11-23 18:00 in Toronto: open by the hours, so a guest can press Proceed to Checkout.
const clock = fixedClock('2026-11-23T23:00:00Z');

let jwks: JwksServer;
let h: BrowserHarness;
beforeAll(async () => {
  jwks = await startJwksServer();
  h = await startBrowserHarness({
    clock,
    config: {
      google: { clientId: TEST_GOOGLE_CLIENT_ID, jwksUrl: jwks.url, issuers: [TEST_GOOGLE_ISSUER] },
    },
  });
});
afterAll(async () => {
  await h.close();
  await jwks.close();
});

/**
 * Serves a stand-in for Google Identity Services at its real address: just the calls our adapter
 * makes. Its button hands over `credential`, a token signed by the local key server, so the real
 * adapter, POST /api/auth/social-login and the server's JWKS verification all run. The fake
 * refuses a button before `initialize` and records the client id it was given.
 */
async function fakeGoogleIdentity(
  context: BrowserContext,
  credential: string,
): Promise<{ requests: () => number }> {
  let requests = 0;
  const script = `(() => {
    const credential = ${JSON.stringify(credential)};
    let callback = null;
    window.google = { accounts: { id: {
      initialize(options) {
        if (typeof options.callback !== 'function') throw new Error('initialize without a callback');
        window.__GSI_CLIENT_ID__ = options.client_id;
        callback = options.callback;
      },
      renderButton(parent) {
        if (!callback) throw new Error('renderButton before initialize');
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'Sign in with Google';
        button.addEventListener('click', () => callback({ credential, select_by: 'btn' }));
        parent.replaceChildren(button);
      },
      prompt() {},
    } } };
  })();`;
  await context.route(GSI_SRC, (route) => {
    requests += 1;
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: script });
  });
  return { requests: () => requests };
}

const googleButton = (page: Page) => page.getByRole('button', { name: 'Sign in with Google' });

async function signedInUser(page: Page): Promise<ApiUser | null> {
  const stored = await page.evaluate(() => localStorage.getItem('user'));
  return stored ? (JSON.parse(stored) as ApiUser) : null;
}

it('signs a new Google user in and asks for a contact first', async () => {
  const { context, page } = await h.newPage();
  const credential = await jwks.signIdToken({
    sub: 'google-new-user',
    email: 'gail.new@example.com',
    name: 'Gail Newcomer',
  });
  const gsi = await fakeGoogleIdentity(context, credential);

  await page.goto('/login');
  await page.getByRole('heading', { name: 'Login' }).waitFor();
  await googleButton(page).waitFor();
  expect(gsi.requests()).toBe(1);
  expect(
    await page.evaluate(() => (window as { __GSI_CLIENT_ID__?: unknown }).__GSI_CLIENT_ID__),
  ).toBe(TEST_GOOGLE_CLIENT_ID);
  await page.getByText('or', { exact: true }).waitFor();

  await googleButton(page).click();
  await page.waitForURL((url) => url.pathname === '/managecontacts');
  await page.getByRole('heading', { name: 'Manage Contacts' }).waitFor();
  await page.getByRole('button', { name: /Account menu for Gail Newcomer/ }).waitFor();
  await page.getByRole('button', { name: 'Add Contact', exact: true }).waitFor();
  expect(await signedInUser(page)).toMatchObject({
    name: 'Gail Newcomer',
    email: 'gail.new@example.com',
    contacts: [],
  });
  // The session is the server's, not only the browser's memory.
  const me = await page.request.get('/api/auth/me');
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ user: { email: 'gail.new@example.com' } });

  await context.close();
  expect(h.pageErrors).toEqual([]);
});

it('tells a customer whose Google sign-in removed a password someone had set on their email', async () => {
  // Someone registered this address with a password and a contact of their own before its
  // owner came.
  const registered = await h.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: '10.9.8.8',
    payload: {
      name: 'Not Pat',
      email: 'pat.prior@example.com',
      password: 'someone elses pw',
      contacts: [{ phone: '519-555-0177', address: '9 Planted St, Guelph ON', isDefault: true }],
    },
  });
  expect(registered.statusCode).toBe(201);

  const { context, page } = await h.newPage();
  await fakeGoogleIdentity(
    context,
    await jwks.signIdToken({ sub: 'google-pat', email: 'pat.prior@example.com', name: 'Pat' }),
  );
  await page.goto('/login');
  await googleButton(page).click();
  await page.waitForURL((url) => url.pathname === '/managecontacts');
  await page
    .getByRole('status')
    .getByText(
      'Signed in with Google. This account’s earlier password, saved contacts and cart were removed, since anyone could have set them: sign in with Google from now on.',
    )
    .waitFor();
  // The planted contact is gone: nothing of it is offered to the owner.
  expect(await signedInUser(page)).toMatchObject({ contacts: [] });
  expect(await page.getByText('9 Planted St').count()).toBe(0);
  await page.screenshot({ path: `${SHOTS}/password-removed-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/password-removed-1280.png`, fullPage: true });
  const login = await logIn(h.app, {
    email: 'pat.prior@example.com',
    password: 'someone elses pw',
  });
  expect(login.statusCode).toBe(401);

  await context.close();
  expect(h.pageErrors).toEqual([]);
});

it('brings a returning Google user with a contact back to the cart', async () => {
  // The account exists already, with a saved contact: made through the same API the app uses.
  const first = await h.app.inject({
    method: 'POST',
    url: '/api/auth/social-login',
    remoteAddress: '10.9.8.7',
    payload: {
      credential: await jwks.signIdToken({
        sub: 'google-returning-user',
        email: 'rita.returning@example.com',
        name: 'Rita Returning',
      }),
    },
  });
  expect(first.statusCode).toBe(200);
  const account = first.json<ApiSocialLoginAnswer>().user;
  const sid = first.cookies.find((cookie) => cookie.name === 'sid');
  if (!sid) throw new Error('social-login set no sid cookie');
  const added = await h.app.inject({
    method: 'POST',
    url: `/api/user/${account._id}/contacts`,
    headers: { cookie: `sid=${sid.value}` },
    payload: { phone: '519-555-0177', address: '55 Wyndham St N, Guelph, ON', isDefault: true },
  });
  expect(added.statusCode).toBeLessThan(300);

  const { context, page } = await h.newPage();
  const gsi = await fakeGoogleIdentity(
    context,
    await jwks.signIdToken({
      sub: 'google-returning-user',
      email: 'rita.returning@example.com',
      name: 'Rita Returning',
    }),
  );

  // A guest with something in the cart presses Proceed to Checkout and is sent to log in.
  const products = (await (await page.request.get('/api/products')).json()) as ApiProduct[];
  const water = products.find((product) => product.name === 'Water Bottle');
  if (!water) throw new Error('No Water Bottle in the seeded menu');
  await page.goto('/');
  await page.evaluate((productId) => {
    localStorage.setItem(
      'cart',
      JSON.stringify([{ _id: 'local-1', productId, name: 'Water Bottle', quantity: 2 }]),
    );
  }, water._id);
  await page.goto('/cart');
  await page.getByRole('listitem', { name: 'Water Bottle' }).waitFor();
  expect(gsi.requests()).toBe(0);
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL((url) => url.pathname === '/login');

  await googleButton(page).click();
  await page.waitForURL((url) => url.pathname === '/cart');
  await page.getByRole('button', { name: /Account menu for Rita Returning/ }).waitFor();
  expect(await signedInUser(page)).toMatchObject({
    _id: account._id,
    contacts: [{ phone: '519-555-0177', isDefault: true }],
  });
  // Signing in carried the guest's line into the server cart.
  await page.getByRole('listitem', { name: 'Water Bottle' }).waitFor();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
  expect(gsi.requests()).toBe(1);

  await context.close();
  expect(h.pageErrors).toEqual([]);
});

it("refuses a token issued for another app with the spec's message", async () => {
  const { context, page } = await h.newPage();
  await fakeGoogleIdentity(
    context,
    await jwks.signIdToken({ aud: 'someone-else.apps.example.com', sub: 'google-wrong-audience' }),
  );

  await page.goto('/login');
  const refused = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/auth/social-login',
  );
  await googleButton(page).click();
  expect((await refused).status()).toBe(401);
  await page.getByRole('alert').getByText(GOOGLE_FAILED, { exact: true }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/login');
  await page.getByRole('link', { name: 'Login', exact: true }).waitFor();
  expect(await signedInUser(page)).toBeNull();
  expect(await (await page.request.get('/api/auth/me')).json()).toEqual({ user: null });

  await context.close();
  expect(h.pageErrors).toEqual([]);
});

it('shows no Google button and no divider when the store has no Google client id', async () => {
  const plain = await startBrowserHarness({ clock });
  try {
    const { context, page } = await plain.newPage();
    const gsi = await fakeGoogleIdentity(context, await jwks.signIdToken());
    const store = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/store',
    );
    await page.goto('/login');
    expect(await (await store).json()).toMatchObject({ googleClientId: null });
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    // Give the answer time to render (and a script load time to start) before looking.
    await page.waitForLoadState('networkidle');
    expect(await googleButton(page).count()).toBe(0);
    expect(await page.getByText('or', { exact: true }).count()).toBe(0);
    expect(await page.locator('.google-sign-in').count()).toBe(0);
    // The script is never even downloaded.
    expect(gsi.requests()).toBe(0);
    await context.close();
    expect(plain.pageErrors).toEqual([]);
  } finally {
    await plain.close();
  }
});
