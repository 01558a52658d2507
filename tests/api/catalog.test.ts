import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('catalogue API', () => {
  it('lists the seeded menu', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/products' });
    expect(response.statusCode).toBe(200);
    const products = response.json<{ _id: string; name: string }[]>();
    expect(products.map((p) => p.name)).toContain('Wings');
  });

  it('answers a malformed id with a JSON 400', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/products/not-an-id' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: expect.stringContaining('not a valid') });
  });
});
