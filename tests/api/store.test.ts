import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/server/clock';
import { storeRepository } from '../../src/server/repositories/store';
import { storeTest } from '../support/store-test';

// Monday 2026-11-23, EST (UTC-5): 11:00 local is 16:00Z, 23:00 local is 04:00Z on Tuesday.
const clock = fixedClock('2026-11-23T23:00:00Z');

const t = storeTest({ clock });
afterEach(async () => {
  await storeRepository(t.db).setOpenMode('auto');
  // Written behind the app's back: its snapshot hears of it by NOTIFY, moments later on the
  // Postgres server (decision 11). Only 'auto' is closed at 05:00 and open at 12:00 on Monday.
  const openAt = async (instant: string) => {
    clock.set(instant);
    const answer = await t.app.inject({ method: 'GET', url: '/api/store/status' });
    return answer.json<{ storeOpen: boolean }>().storeOpen;
  };
  await expect.poll(() => openAt('2026-11-23T10:00:00Z')).toBe(false);
  await expect.poll(() => openAt('2026-11-23T17:00:00Z')).toBe(true);
});

async function storeOpenAt(instant: string): Promise<boolean> {
  clock.set(instant);
  const response = await t.app.inject({ method: 'GET', url: '/api/store/status' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('application/json');
  const body = response.json<{ storeOpen: unknown; status: unknown; resumesAt: unknown }>();
  // The spec's flag first; what the store is doing beside it (no pause here: open or closed).
  expect(Object.keys(body)).toEqual(['storeOpen', 'status', 'resumesAt']);
  expect(typeof body.storeOpen).toBe('boolean');
  expect(body.status).toBe(body.storeOpen ? 'open' : 'closed');
  expect(body.resumesAt).toBeNull();
  return body.storeOpen as boolean;
}

describe('GET /api/store/status', () => {
  it('follows the opening hours in America/Toronto at the hour boundaries', async () => {
    expect(await storeOpenAt('2026-11-23T15:59:00Z')).toBe(false); // Mon 10:59
    expect(await storeOpenAt('2026-11-23T16:00:00Z')).toBe(true); // Mon 11:00
    expect(await storeOpenAt('2026-11-24T03:59:00Z')).toBe(true); // Mon 22:59
    expect(await storeOpenAt('2026-11-24T04:00:00Z')).toBe(false); // Mon 23:00
  });

  it('keeps Friday night open past midnight until 01:00', async () => {
    expect(await storeOpenAt('2026-11-28T05:59:00Z')).toBe(true); // Sat 00:59
    expect(await storeOpenAt('2026-11-28T06:00:00Z')).toBe(false); // Sat 01:00
  });

  it('uses daylight time in summer (11:00 EDT is 15:00Z)', async () => {
    expect(await storeOpenAt('2026-07-06T14:59:00Z')).toBe(false);
    expect(await storeOpenAt('2026-07-06T15:00:00Z')).toBe(true);
  });

  it('obeys the stored override: forced closed inside the hours', async () => {
    await storeRepository(t.db).setOpenMode('closed');
    // Written behind the app's back: heard by NOTIFY, moments later on the Postgres server.
    await expect.poll(() => storeOpenAt('2026-11-23T23:00:00Z')).toBe(false);
  });

  it('obeys the stored override: forced open outside the hours', async () => {
    await storeRepository(t.db).setOpenMode('open');
    await expect.poll(() => storeOpenAt('2026-11-23T10:00:00Z')).toBe(true);
  });

  it('turns at the very minute, and at the second a pause ends, however often it is asked', async () => {
    // Each answer is kept until the next minute or the pause's end (routes/store.ts): asked
    // within one minute, it must still turn at the instant the hours or the pause say.
    expect(await storeOpenAt('2026-11-23T15:59:00Z')).toBe(false); // Mon 10:59:00
    expect(await storeOpenAt('2026-11-23T15:59:59.999Z')).toBe(false);
    expect(await storeOpenAt('2026-11-23T16:00:00Z')).toBe(true); // Mon 11:00
    const store = storeRepository(t.db);
    await store.update({ pauseUntil: new Date('2026-11-23T16:30:20Z') }, new Date());
    const status = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/store/status' })).json<{ status: string }>()
        .status;
    try {
      // A change made in the database reaches the snapshot by NOTIFY, a moment later.
      clock.set('2026-11-23T16:30:00Z');
      await expect.poll(status).toBe('paused');
      for (const [instant, expected] of [
        ['2026-11-23T16:30:00Z', 'paused'],
        ['2026-11-23T16:30:19.999Z', 'paused'],
        ['2026-11-23T16:30:20Z', 'open'],
        ['2026-11-23T16:30:40Z', 'open'],
      ] as const) {
        clock.set(instant);
        expect([instant, await status()]).toEqual([instant, expected]);
      }
    } finally {
      await store.update({ pauseUntil: null }, new Date());
    }
  });

  it('goes back to the hours when the override is auto again', async () => {
    const store = storeRepository(t.db);
    await store.setOpenMode('closed');
    await expect.poll(() => storeOpenAt('2026-11-23T23:00:00Z')).toBe(false);
    await store.setOpenMode('auto');
    await expect.poll(() => storeOpenAt('2026-11-23T23:00:00Z')).toBe(true);
    expect(await storeOpenAt('2026-11-23T10:00:00Z')).toBe(false);
  });
});

describe('GET /api/store', () => {
  it("answers the store's profile, hours and open flag for the browser", async () => {
    clock.set('2026-11-23T23:00:00Z');
    const response = await t.app.inject({ method: 'GET', url: '/api/store' });
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      name: 'Royal City Pizza & Wings',
      phone: '(519) 555-0142',
      pickupAddress: expect.stringContaining('Guelph, ON') as unknown,
      hoursText: 'Sun-Wed 11 AM–11 PM · Thu 11 AM–12 AM · Fri-Sat 11 AM–1 AM',
      deliveryFee: 8,
      storeOpen: true,
      status: 'open',
      resumesAt: null,
      leadMinutes: { pickup: 20, delivery: 45 },
      googleClientId: null,
      mapsApiKey: null,
    });
    expect(body.hours).toHaveLength(7);
    expect(body.hours).toEqual(expect.arrayContaining([{ open: '11:00', close: '01:00' }]));
  });

  it('reports the forced-closed store as closed', async () => {
    clock.set('2026-11-23T23:00:00Z');
    await storeRepository(t.db).setOpenMode('closed');
    await expect
      .poll(async () =>
        (await t.app.inject({ method: 'GET', url: '/api/store' })).json<{ storeOpen: boolean }>(),
      )
      .toMatchObject({ storeOpen: false });
  });
});
