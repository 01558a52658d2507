/**
 * Issue 12's smaller findings, each as it was found: unknown API spellings answered with the web
 * app's HTML, personal answers cacheable, session cookies without Secure off this machine, an
 * Origin check blind to the scheme, and a GET route that writes also writing on HEAD.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiCartTotals } from '../../src/domain';
import { createTestApp, listenOnLoopback, type TestApp } from '../support/test-app';
import { storeTest } from '../support/store-test';
import { TEST_PASSWORD, registerUser } from '../support/users';

const HTML = '<!doctype html><title>Royal City Pizza</title><div id="root"></div>';

let webDir: string;
beforeAll(() => {
  webDir = mkdtempSync(join(tmpdir(), 'web-'));
  writeFileSync(join(webDir, 'index.html'), HTML);
});
afterAll(() => {
  rmSync(webDir, { recursive: true, force: true });
});
const t = storeTest({ clock: null, config: () => ({ webDir }) });

describe('paths the app does not have', () => {
  it('answers every spelling of an API path with a JSON 404, for any method', async () => {
    for (const url of [
      '/api',
      '/api/',
      '/API/products',
      '//api/products',
      '/api%2fproducts',
      '/Api/nothing?x=1',
    ]) {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const response = await t.app.inject({ method, url });
        expect({ url, method, status: response.statusCode }).toEqual({ url, method, status: 404 });
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.json()).toMatchObject({ statusCode: 404, code: 'not_found' });
      }
    }
  });

  it('serves the web app only to a page request (GET or HEAD)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/menu/pizza' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(HTML);
    const posted = await t.app.inject({ method: 'POST', url: '/menu/pizza', payload: {} });
    expect(posted.statusCode).toBe(404);
    expect(posted.json()).toMatchObject({ code: 'not_found' });
  });

  // Issue 45, item 10. Sent raw over a socket: fetch and inject would tidy the path first.
  it('answers an API path written with backslashes or dot segments with the JSON 404', async () => {
    const base = await listenOnLoopback(t.app);
    const raw = (path: string) =>
      new Promise<{ status: number; type: string }>((resolve, reject) => {
        const request = http.request(
          `${base}/`,
          { path, method: 'GET', agent: false },
          (response) => {
            response.resume();
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                type: String(response.headers['content-type']),
              }),
            );
          },
        );
        request.on('error', reject);
        request.end();
      });
    for (const path of [
      '/api\\auth\\me',
      '/API\\auth\\me',
      '/api%5Cauth%5Cme',
      '/api%5cproducts',
      '//api\\products',
      '/menu/../api/auth/me',
      '/./api/products',
      '/%2e%2e/api/auth/me',
      '/api%09/products',
    ]) {
      const answer = await raw(path);
      expect({ path, ...answer }).toMatchObject({
        path,
        status: 404,
        type: expect.stringMatching(/^application\/json/) as unknown,
      });
    }
    // No leading slash at all is no path: Fastify's JSON 400, not the page either.
    expect(await raw('\\api\\products')).toMatchObject({
      status: 400,
      type: expect.stringMatching(/^application\/json/) as unknown,
    });
    // Pages stay pages, a backslash or not.
    for (const path of ['/menu\\pizza', '/apiary', '/menu/api']) {
      expect({ path, ...(await raw(path)) }).toMatchObject({ path, status: 200 });
    }
  });
});

describe('caching of API answers', () => {
  it('marks answers about someone no-store, and leaves the catalogue revalidated', async () => {
    const { user, cookie } = await registerUser(t.app);
    for (const url of ['/api/auth/me', `/api/cart/${user._id}`, `/api/cart?userId=${user._id}`]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
      expect(response.headers['cache-control']).toBe('no-store');
    }
    const refused = await t.app.inject({ method: 'GET', url: `/api/cart/${user._id}` });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const products = await t.app.inject({ method: 'GET', url: '/api/products' });
    expect(products.headers['cache-control']).toBe('no-cache');
  });

  it('marks them no-store however the path is spelled (decided by the route that answered)', async () => {
    const { user, cookie } = await registerUser(t.app);
    const staff = await registerUser(t.app);
    await t.db.query(`update users set role = 'staff' where id = $1`, [staff.user._id]);
    for (const [url, who] of [
      ['/%61pi/auth/me', cookie],
      [`/%61pi/user/${user._id}/contacts`, cookie],
      [`/a%70i/cart/${user._id}`, cookie],
      ['/%61pi/staff/orders', staff.cookie],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie: who } });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
      expect({ url, cacheControl: response.headers['cache-control'] }).toEqual({
        url,
        cacheControl: 'no-store',
      });
    }
    const refused = await t.app.inject({ method: 'GET', url: `/%61pi/cart/${user._id}` });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const products = await t.app.inject({ method: 'GET', url: '/%61pi/products' });
    expect(products.headers['cache-control']).toBe('no-cache');
  });
});

describe('ids in any case', () => {
  it('serves the owner naming their own id in upper case, and still refuses anyone else', async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const upper = owner.user._id.toUpperCase();
    for (const url of [
      `/api/cart/${upper}`,
      `/api/cart?userId=${upper}`,
      `/api/user/${upper}/contacts`,
    ]) {
      const own = await t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
      expect({ url, status: own.statusCode }).toEqual({ url, status: 200 });
      const theirs = await t.app.inject({ method: 'GET', url, headers: { cookie: other.cookie } });
      expect({ url, status: theirs.statusCode }).toEqual({ url, status: 403 });
    }
  });
});

describe('the session cookie', () => {
  const login = async (app: TestApp['app'], email: string, headers: Record<string, string>) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers,
      payload: { email, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const sid = response.cookies.find((cookie) => cookie.name === 'sid');
    expect(sid?.httpOnly).toBe(true);
    return sid?.secure === true;
  };

  it('is Secure unless the request came over plain HTTP to this machine', async () => {
    const { user } = await registerUser(t.app);
    expect(await login(t.app, user.email, { host: 'localhost:3000' })).toBe(false);
    expect(await login(t.app, user.email, { host: '127.0.0.1:3000' })).toBe(false);
    expect(await login(t.app, user.email, { host: 'pizza.example.com' })).toBe(true);
    expect(await login(t.app, user.email, { host: '192.168.1.20:3000' })).toBe(true);
  });

  it('is not Secure anywhere when INSECURE_COOKIES is set for a trial', async () => {
    const trial = await createTestApp({ config: { insecureCookies: true } });
    try {
      const { user } = await registerUser(trial.app);
      expect(await login(trial.app, user.email, { host: '192.168.1.20:3000' })).toBe(false);
    } finally {
      await trial.close();
    }
  }, 90_000);
});

describe('the Origin check', () => {
  it('refuses our own host over the other scheme', async () => {
    const { user, cookie } = await registerUser(t.app);
    const add = (origin: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/cart',
        headers: { cookie, origin, host: 'pizza.example.com' },
        payload: { userId: user._id, name: 'Coke', quantity: 1 },
      });
    const otherScheme = await add('https://pizza.example.com');
    expect(otherScheme.statusCode).toBe(403);
    expect(otherScheme.json()).toMatchObject({ code: 'cross_site' });
    expect((await add('http://pizza.example.com')).statusCode).toBe(200);
  });
});

describe('the spec’s GET that sets the tip', () => {
  it('writes nothing on HEAD', async () => {
    const { user, cookie } = await registerUser(t.app);
    const url = (percent: number) => `/api/cart/${user._id}/updateTotalPrice?tipPercent=${percent}`;
    const set = await t.app.inject({ method: 'GET', url: url(15), headers: { cookie } });
    expect(set.statusCode).toBe(200);
    expect(set.json<ApiCartTotals>().tipPercent).toBe(15);

    const head = await t.app.inject({ method: 'HEAD', url: url(20), headers: { cookie } });
    expect(head.statusCode).toBe(404);
    const cart = await t.app.inject({
      method: 'GET',
      url: `/api/cart/${user._id}`,
      headers: { cookie },
    });
    expect(cart.json<ApiCartTotals>().tipPercent).toBe(15);
  });
});
