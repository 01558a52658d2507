import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, ApiOrderEvent, ApiStaffOrderEvent } from '../../src/domain';
import { buildApp } from '../../src/server/app';
import { fixedClock } from '../../src/server/clock';
import { DEFAULT_EVENTS_CONFIG, loadConfig, type EventsConfig } from '../../src/server/config';
import type { Database } from '../../src/server/data/db';
import { openOrderEventStream, type EventFeed } from '../../src/server/events/event-stream';
import { createOrderEventHub, type OrderEventHub } from '../../src/server/events/order-event-hub';
import {
  orderEventsRepository,
  type OrderEventRecord,
  type OrderEventType,
} from '../../src/server/repositories/order-events';
import { openSse, parseFrames, type SseConnection, type SseFrame } from '../support/sse';
import { secondInstance } from '../support/second-instance';
import { createTestDatabase, testConfig, testDbKind, type TestDatabase } from '../support/test-app';
import { registerUser } from '../support/users';

/**
 * The live order streams over real HTTP (a stream never ends, so `inject` cannot read it), on
 * both databases; on the Postgres server also two app instances on one schema, and a listener
 * whose connection is killed.
 *
 * The hub's safety poll is set to a minute here, so an event that arrives within the tests'
 * few seconds came through NOTIFY (or the listener's reconnection), not through the poll.
 */

const kind = testDbKind();
const clock = fixedClock('2026-11-23T23:00:00Z');
const EVENTS: EventsConfig = {
  ...DEFAULT_EVENTS_CONFIG,
  heartbeatMs: 300,
  pollMs: 60_000,
  maxStreamsPerUser: 3,
};
const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

interface Running {
  app: FastifyInstance;
  url: string;
}

interface Account {
  id: string;
  cookie: string;
}

const appName = `events-${randomBytes(4).toString('hex')}`;
let database: TestDatabase;
let db: Database;
let a: Running;
let alice: Account;
let bob: Account;
let staff: Account;
const connections: SseConnection[] = [];

async function start(on: Database, events: Partial<EventsConfig> = {}): Promise<Running> {
  const app = await buildApp(testConfig({ events: { ...EVENTS, ...events } }), { db: on, clock });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}` };
}

async function account(app: FastifyInstance): Promise<Account> {
  const { user, cookie } = await registerUser(app);
  return { id: user._id, cookie };
}

beforeAll(async () => {
  database = await createTestDatabase(kind, { applicationName: appName });
  db = database.db;
  a = await start(db);
  alice = await account(a.app);
  bob = await account(a.app);
  staff = await account(a.app);
  await db.query(`update users set role = 'staff' where id = $1`, [staff.id]);
});

afterEach(() => {
  for (const connection of connections.splice(0)) connection.close();
});

afterAll(async () => {
  await a.app.close();
  await database.drop();
});

/** An order of `userId`, written straight into the tables (the order routes are not needed). */
async function insertOrder(userId: string, on: Database = db): Promise<string> {
  const rows = await on.query<{ id: string }>(
    `with cart as (insert into carts (user_id, status) values ($1, 'completed') returning id)
     insert into orders (user_id, cart_id, delivery_type, payment_option, customer_name,
                         contact_phone, subtotal_cents, hst_cents, tip_percent, tip_cents,
                         delivery_fee_cents, total_cents, created_at, updated_at)
     select $1, id, 'pickup', 'pickup', 'Test Customer', '519-555-0100', 1000, 130, 0, 0, 0,
            1130, $2, $2
       from cart
     returning id`,
    [userId, clock.now()],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('no order');
  await on.query(
    `insert into order_items (order_id, position, name, image, category, quantity,
                              unit_price_cents, total_cents)
     values ($1, 0, 'Wings', 'wings.png', 'Wings', 1, 1000, 1000)`,
    [id],
  );
  return id;
}

/** Records an event in its own transaction, as a state change would; returns its id. */
function record(
  userId: string,
  orderId: string,
  type: OrderEventType,
  payload: Record<string, unknown> = {},
  on: Database = db,
): Promise<string> {
  return on.transaction((tx) =>
    orderEventsRepository(tx).record({ orderId, userId, type, payload, at: clock.now() }),
  );
}

const latestId = () => orderEventsRepository(db).latestId();

/** The test database, counting the statements the app sends that contain `text`. */
function counting(text: string): { db: Database; readonly count: number } {
  let count = 0;
  const counted: Database = {
    kind: db.kind,
    query: (sql, params) => {
      if (sql.includes(text)) count += 1;
      return db.query(sql, params);
    },
    exec: (sql) => db.exec(sql),
    transaction: (work) => db.transaction(work),
    listen: (...args) => db.listen(...args),
    close: () => db.close(),
  };
  return {
    db: counted,
    get count() {
      return count;
    },
  };
}

async function connect(
  url: string,
  options: { cookie?: string; lastEventId?: string } = {},
): Promise<SseConnection> {
  const connection = await openSse(url, options);
  connections.push(connection);
  return connection;
}

const customerUrl = (base: string, who: Account, query = '') =>
  `${base}/api/orders/sse?userId=${who.id}${query}`;

/** The events before `ready`, and `ready` itself. */
async function untilReady(
  connection: SseConnection,
): Promise<{ events: SseFrame[]; ready: SseFrame }> {
  const events: SseFrame[] = [];
  for (;;) {
    const frame = await connection.nextEvent();
    if (frame.event === 'ready') return { events, ready: frame };
    events.push(frame);
  }
}

/** A fresh stream of `who`, past its `ready`. */
async function liveStream(who: Account, base = a.url): Promise<SseConnection> {
  const connection = await connect(customerUrl(base, who), { cookie: who.cookie });
  expect(connection.status, connection.body).toBe(200);
  await untilReady(connection);
  return connection;
}

const customerEvent = (frame: SseFrame) => JSON.parse(frame.data ?? 'null') as ApiOrderEvent;
const staffEvent = (frame: SseFrame) => JSON.parse(frame.data ?? 'null') as ApiStaffOrderEvent;

async function eventually(check: () => Promise<boolean> | boolean, ms = 3_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('GET /api/orders/sse', () => {
  it('answers 401 anonymously and 403 for another user’s id, as JSON errors', async () => {
    const anonymous = await connect(customerUrl(a.url, alice));
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.body)).toMatchObject({ statusCode: 401, code: 'unauthorized' });
    const other = await connect(customerUrl(a.url, bob), { cookie: alice.cookie });
    expect(other.status).toBe(403);
    expect(JSON.parse(other.body) as ApiErrorBody).toMatchObject({ code: 'forbidden' });
  });

  it('refuses a stream a browser marks as cross-site (another site cannot read it)', async () => {
    const response = await a.app.inject({
      method: 'GET',
      url: `/api/orders/sse?userId=${alice.id}`,
      headers: { cookie: alice.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'cross_site' });
    // No HEAD route: Fastify would drain a HEAD's stream without ever ending it. A HEAD falls
    // through to My Orders' GET /orders/:userId (Fastify's automatic HEAD), where "sse" is
    // not the caller's id: refused, and no stream is opened.
    const head = await a.app.inject({
      method: 'HEAD',
      url: `/api/orders/sse?userId=${alice.id}`,
      headers: { cookie: alice.cookie },
    });
    expect(head.statusCode).toBe(403);
    expect(head.headers['content-type']).not.toContain('text/event-stream');
  });

  it('opens with the stream headers, `retry`, then `ready` carrying the log’s newest id', async () => {
    await record(bob.id, await insertOrder(bob.id), 'order-created');
    const connection = await connect(customerUrl(a.url, alice), { cookie: alice.cookie });
    expect(connection.status).toBe(200);
    expect(connection.headers.get('content-type')).toBe('text/event-stream');
    expect(connection.headers.get('cache-control')).toBe('no-cache');
    expect(connection.headers.get('x-accel-buffering')).toBe('no');
    // The security headers reach the stream too (helmet sets them before the handler runs).
    expect(connection.headers.get('x-content-type-options')).toBe('nosniff');
    expect(connection.headers.get('content-security-policy')).toContain("default-src 'self'");
    const first = await connection.next();
    expect(first.retry).toBe(5000);
    const { events, ready } = await untilReady(connection);
    expect(events).toEqual([]);
    expect(ready.id).toBe(await latestId());
    expect(ready.data).toBe('{}');
  });

  it('delivers each event committed for the user with its id and the exact JSON of its type', async () => {
    const connection = await liveStream(alice);
    const orderId = await insertOrder(alice.id);
    const cases: [OrderEventType, Record<string, unknown>, ApiOrderEvent][] = [
      ['order-created', {}, { type: 'order-created', orderId }],
      ['order-accepted', { time: 25 }, { type: 'order-accepted', orderId, time: 25 }],
      ['order-status', { status: 'ready' }, { type: 'order-status', orderId, status: 'ready' }],
      [
        'order-declined',
        { reason: 'Out of dough' },
        { type: 'order-declined', orderId, reason: 'Out of dough' },
      ],
    ];
    for (const [type, payload, expected] of cases) {
      const id = await record(alice.id, orderId, type, payload);
      const frame = await connection.nextEvent();
      expect(frame.event, type).toBeUndefined();
      expect(frame.id, type).toBe(id);
      expect(frame.data, type).toBe(JSON.stringify(expected));
    }
  });

  it('never sends another user’s events', async () => {
    const connection = await liveStream(alice);
    const bobs = await insertOrder(bob.id);
    await record(bob.id, bobs, 'order-created');
    await record(bob.id, bobs, 'order-accepted', { time: 10 });
    const own = await record(alice.id, await insertOrder(alice.id), 'order-created');
    expect((await connection.nextEvent()).id).toBe(own);
    expect(JSON.stringify(connection.received)).not.toContain(bobs);
  });

  it('never sends the event of a transaction that rolled back', async () => {
    const connection = await liveStream(alice);
    const orderId = await insertOrder(alice.id);
    const before = await latestId();
    let undone = '';
    await expect(
      db.transaction(async (tx) => {
        undone = await orderEventsRepository(tx).record({
          orderId,
          userId: alice.id,
          type: 'order-accepted',
          payload: { time: 99 },
          at: clock.now(),
        });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(undone).not.toBe('');
    const kept = await record(alice.id, orderId, 'order-declined', { reason: 'Closed early' });
    const frame = await connection.nextEvent();
    expect(frame.id).toBe(kept);
    expect(customerEvent(frame)).toMatchObject({ type: 'order-declined' });
    // Nor on a replay from before it.
    const replay = await connect(customerUrl(a.url, alice), {
      cookie: alice.cookie,
      lastEventId: before,
    });
    const { events } = await untilReady(replay);
    expect(events.map((event) => event.id)).toEqual([kept]);
    for (const frame of [...connection.received, ...replay.received]) {
      expect(frame.id).not.toBe(undone);
      expect(frame.data ?? '').not.toContain('"time":99');
    }
  });

  describe('replay', () => {
    let position: string;
    let missed: string[];

    beforeAll(async () => {
      position = await latestId();
      const orderId = await insertOrder(alice.id);
      const bobs = await insertOrder(bob.id);
      missed = [];
      missed.push(await record(alice.id, orderId, 'order-created'));
      await record(bob.id, bobs, 'order-created');
      missed.push(await record(alice.id, orderId, 'order-accepted', { time: 25 }));
      await record(bob.id, bobs, 'order-declined', { reason: 'Closed' });
      missed.push(await record(alice.id, orderId, 'order-status', { status: 'ready' }));
    });

    it('after Last-Event-ID: exactly the user’s missed events, in order, then ready', async () => {
      const connection = await connect(customerUrl(a.url, alice), {
        cookie: alice.cookie,
        lastEventId: position,
      });
      const { events, ready } = await untilReady(connection);
      expect(events.map((event) => event.id)).toEqual(missed);
      expect(customerEvent(events[1] as SseFrame)).toMatchObject({ time: 25 });
      expect(ready.id).toBe(missed[2]);
    });

    it('after ?lastEventId= (a new EventSource cannot set the header): the same', async () => {
      const connection = await connect(customerUrl(a.url, alice, `&lastEventId=${position}`), {
        cookie: alice.cookie,
      });
      const { events, ready } = await untilReady(connection);
      expect(events.map((event) => event.id)).toEqual(missed);
      expect(ready.id).toBe(missed[2]);
    });

    it('from the middle; and the header wins over the query (it is the newer position)', async () => {
      const connection = await connect(customerUrl(a.url, alice, `&lastEventId=${position}`), {
        cookie: alice.cookie,
        lastEventId: missed[0],
      });
      const { events } = await untilReady(connection);
      expect(events.map((event) => event.id)).toEqual(missed.slice(1));
    });

    /** A stream opened from `lastEventId`: it must replay nothing and be ready at the end. */
    const fromNowhere = async (lastEventId: string) => {
      const connection = await connect(customerUrl(a.url, alice), {
        cookie: alice.cookie,
        lastEventId,
      });
      const { events, ready } = await untilReady(connection);
      expect(events).toEqual([]);
      expect(ready.id).toBe(await latestId());
      return connection;
    };

    it('a malformed position counts as none: ready at the end, nothing replayed', async () => {
      await fromNowhere('not-an-id');
    });

    it('a position beyond the log’s end (a restored database) starts from the end', async () => {
      const connection = await fromNowhere('999999999');
      const id = await record(alice.id, await insertOrder(alice.id), 'order-created');
      expect((await connection.nextEvent()).id).toBe(id);
    });
  });

  it('joins the replay and live events written meanwhile without a gap, a double or disorder', async () => {
    const position = await latestId();
    const orderId = await insertOrder(alice.id);
    const before: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      before.push(await record(alice.id, orderId, 'order-status', { status: 'accepted' }));
    }
    // Written while the stream subscribes and replays: some land in the replay, some in the
    // buffer, some in both.
    const [connection, ...during] = await Promise.all([
      connect(customerUrl(a.url, alice), { cookie: alice.cookie, lastEventId: position }),
      ...Array.from({ length: 10 }, () =>
        record(alice.id, orderId, 'order-status', { status: 'ready' }),
      ),
    ]);
    const expected = [...before, ...during].sort((x, y) => Number(BigInt(x) - BigInt(y)));
    const seen: string[] = [];
    while (seen.length < expected.length) {
      const frame = await connection.nextEvent();
      if (frame.event !== 'ready') seen.push(frame.id ?? '');
    }
    expect(seen).toEqual(expected);
    // Nothing further (no double sent late).
    const last = await record(alice.id, orderId, 'order-status', { status: 'completed' });
    let next = await connection.nextEvent();
    if (next.event === 'ready') next = await connection.nextEvent();
    expect(next.id).toBe(last);
  });

  it('sends a heartbeat comment', async () => {
    const connection = await liveStream(alice);
    await eventually(() => connection.received.some((frame) => frame.comments.includes('ping')));
  });

  it('refuses a stream over the per-account cap with 429, and a closed stream frees its place', async () => {
    const open: SseConnection[] = [];
    for (let i = 0; i < EVENTS.maxStreamsPerUser; i += 1) open.push(await liveStream(bob));
    const over = await connect(customerUrl(a.url, bob), { cookie: bob.cookie });
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('5');
    expect(JSON.parse(over.body)).toMatchObject({ code: 'rate_limited' });
    // Someone else is not affected.
    await liveStream(alice);
    open[0]?.close();
    await eventually(async () => {
      const again = await connect(customerUrl(a.url, bob), { cookie: bob.cookie });
      again.close();
      return again.status === 200;
    });
  });

  it('closing the app ends its open streams instead of waiting for them', async () => {
    const other = await start(db);
    const connection = await liveStream(alice, other.url);
    const closed = other.app.close();
    await expect(Promise.race([closed.then(() => 'closed'), sleep(3_000)])).resolves.toBe('closed');
    await connection.ended;
  });
});

describe('GET /api/staff/orders/stream', () => {
  const staffUrl = () => `${a.url}/api/staff/orders/stream`;

  it('ends soon after its session no longer allows it: a staff account made a customer, a logout', async () => {
    const member = await account(a.app);
    await db.query(`update users set role = 'staff' where id = $1`, [member.id]);
    const board = await connect(staffUrl(), { cookie: member.cookie });
    expect(board.status).toBe(200);
    await untilReady(board);
    const own = await liveStream(member);
    // Removed from the staff: the board's stream ends within a heartbeat or two (300 ms here).
    await db.query(`update users set role = 'customer' where id = $1`, [member.id]);
    await expect(Promise.race([board.ended.then(() => 'ended'), sleep(3_000)])).resolves.toBe(
      'ended',
    );
    // The same person's own order stream is still theirs to read.
    await sleep(700);
    let ownEnded = false;
    void own.ended.then(() => (ownEnded = true));
    await sleep(0);
    expect(ownEnded).toBe(false);
    // Logged out: that one ends too.
    const logout = await a.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: member.cookie },
      payload: {},
    });
    expect(logout.statusCode).toBeLessThan(300);
    await expect(Promise.race([own.ended.then(() => 'ended'), sleep(3_000)])).resolves.toBe(
      'ended',
    );
  });

  it('checks every open stream’s session in one query per heartbeat, ending only those whose session ended', async () => {
    // Counts the session lookups the app makes (the heartbeat's check is one of them).
    const lookups = counting('from sessions s join users u');
    const other = await start(lookups.db);
    try {
      const people = await Promise.all([1, 2, 3, 4, 5].map(() => account(other.app)));
      const streams = await Promise.all(people.map((person) => liveStream(person, other.url)));
      const before = lookups.count;
      await sleep(EVENTS.heartbeatMs * 3 + 150);
      // One lookup per heartbeat for all five streams (one per stream each heartbeat was 15).
      const made = lookups.count - before;
      expect(made).toBeGreaterThanOrEqual(2);
      expect(made).toBeLessThanOrEqual(4);

      const [leaving, ...staying] = streams;
      const logout = await other.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie: people[0]?.cookie ?? '' },
        payload: {},
      });
      expect(logout.statusCode).toBeLessThan(300);
      await expect(Promise.race([leaving?.ended.then(() => 'ended'), sleep(3_000)])).resolves.toBe(
        'ended',
      );
      let othersEnded = 0;
      for (const stream of staying) void stream.ended.then(() => (othersEnded += 1));
      await sleep(EVENTS.heartbeatMs * 2 + 100);
      expect(othersEnded).toBe(0);
      // And they still hear the heartbeat.
      const pings = (stream: SseConnection) =>
        stream.received.filter((frame) => frame.comments.includes('ping')).length;
      const seen = staying.map(pings);
      await sleep(EVENTS.heartbeatMs + 100);
      staying.forEach((stream, i) => expect(pings(stream)).toBeGreaterThan(seen[i] ?? 0));
    } finally {
      await other.app.close();
    }
  });

  it('answers 401 anonymously and 403 for a customer', async () => {
    const anonymous = await connect(staffUrl());
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.body)).toMatchObject({ code: 'unauthorized' });
    const customer = await connect(staffUrl(), { cookie: alice.cookie });
    expect(customer.status).toBe(403);
    expect(JSON.parse(customer.body)).toMatchObject({ code: 'forbidden' });
  });

  it('sends every customer’s new and changed orders as they stand now', async () => {
    const connection = await connect(staffUrl(), { cookie: staff.cookie });
    expect(connection.status).toBe(200);
    expect(connection.headers.get('content-type')).toBe('text/event-stream');
    const { ready } = await untilReady(connection);
    expect(ready.id).toBe(await latestId());

    const alices = await insertOrder(alice.id);
    const created = await record(alice.id, alices, 'order-created');
    let frame = await connection.nextEvent();
    expect(frame.id).toBe(created);
    const first = staffEvent(frame);
    expect(first.type).toBe('order-created');
    expect(first.order).toMatchObject({ _id: alices, status: 'pending' });
    expect(first.order.customer._id).toBe(alice.id);

    const bobs = await insertOrder(bob.id);
    await db.query(`update orders set status = 'accepted' where id = $1`, [bobs]);
    const accepted = await record(bob.id, bobs, 'order-accepted', { time: 20 });
    frame = await connection.nextEvent();
    expect(frame.id).toBe(accepted);
    expect(staffEvent(frame)).toMatchObject({
      type: 'order-updated',
      order: { _id: bobs, status: 'accepted', customer: { _id: bob.id } },
    });
  });

  it('skips the events of an order that no longer exists, live and on replay', async () => {
    const position = await latestId();
    const connection = await connect(staffUrl(), { cookie: staff.cookie });
    await untilReady(connection);
    // An event whose order is gone by the time the stream reads it: the foreign key is lifted
    // for the test so the row can point at no order at all.
    await db.query('alter table order_events drop constraint order_events_order_id_fkey');
    const ghost = '00000000-0000-4000-8000-000000000000';
    try {
      await record(bob.id, ghost, 'order-created');
      const kept = await record(alice.id, await insertOrder(alice.id), 'order-created');
      expect((await connection.nextEvent()).id).toBe(kept);
      const replay = await connect(staffUrl(), { cookie: staff.cookie, lastEventId: position });
      const { events, ready } = await untilReady(replay);
      expect(events.map((event) => event.id)).toEqual([kept]);
      expect(ready.id).toBe(kept);
    } finally {
      await db.query('delete from order_events where order_id = $1', [ghost]);
      await db.query(
        `alter table order_events add constraint order_events_order_id_fkey
           foreign key (order_id) references orders (id) on delete cascade`,
      );
    }
  });

  it('reads the orders of events that arrive together in one go, live and on replay', async () => {
    // Counts the reads of whole orders (the board's presentation of an event starts with one).
    const orderReads = counting('from orders o join users u');
    const other = await start(orderReads.db);
    try {
      const position = await latestId();
      const board = await connect(`${other.url}/api/staff/orders/stream`, {
        cookie: staff.cookie,
      });
      await untilReady(board);
      const orders = [await insertOrder(alice.id), await insertOrder(bob.id)];
      // Six events in one transaction: the hub reads and dispatches them together.
      const before = orderReads.count;
      const owner = (orderId: string) => (orderId === orders[0] ? alice.id : bob.id);
      const ids = await db.transaction(async (tx) => {
        const written: string[] = [];
        for (const [i, orderId] of [...orders, ...orders, ...orders].entries()) {
          const created = i < orders.length;
          written.push(
            await orderEventsRepository(tx).record({
              orderId,
              userId: owner(orderId),
              type: created ? 'order-created' : 'order-status',
              payload: created ? {} : { status: 'pending' },
              at: clock.now(),
            }),
          );
        }
        return written;
      });
      const live: SseFrame[] = [];
      while (live.length < ids.length) live.push(await board.nextEvent());
      expect(live.map((frame) => frame.id)).toEqual(ids);
      expect(live.map((frame) => staffEvent(frame).order._id)).toEqual([
        ...orders,
        ...orders,
        ...orders,
      ]);
      // One read for all six (one per event was six).
      expect(orderReads.count - before).toBe(1);

      const beforeReplay = orderReads.count;
      const replay = await connect(`${other.url}/api/staff/orders/stream`, {
        cookie: staff.cookie,
        lastEventId: position,
      });
      const { events } = await untilReady(replay);
      expect(events.map((frame) => frame.id)).toEqual(ids);
      expect(orderReads.count - beforeReplay).toBe(1);
    } finally {
      await other.app.close();
    }
  });

  it('replays all users’ events after Last-Event-ID, then ready', async () => {
    const position = await latestId();
    const ids = [
      await record(alice.id, await insertOrder(alice.id), 'order-created'),
      await record(bob.id, await insertOrder(bob.id), 'order-created'),
    ];
    const connection = await connect(staffUrl(), { cookie: staff.cookie, lastEventId: position });
    const { events, ready } = await untilReady(connection);
    expect(events.map((event) => event.id)).toEqual(ids);
    expect(events.map((event) => staffEvent(event).order.customer._id)).toEqual([alice.id, bob.id]);
    expect(ready.id).toBe(ids[1]);
  });
});

describe('the event hub', () => {
  let hub: OrderEventHub;

  beforeAll(async () => {
    hub = createOrderEventHub({
      db,
      clock,
      log: silentLog,
      config: { retentionHours: 48, pollMs: 60_000, pruneEveryMs: 60 * 60_000 },
    });
    await hub.start();
  });
  afterAll(() => hub.stop());

  it('dispatches every committed event once, in id order, with concurrent writers', async () => {
    const got: OrderEventRecord[] = [];
    const unsubscribe = hub.subscribe((event) => got.push(event));
    try {
      const orderId = await insertOrder(alice.id);
      const written = (
        await Promise.all(
          Array.from({ length: 5 }, async () => {
            const ids: string[] = [];
            for (let i = 0; i < 10; i += 1) {
              ids.push(await record(alice.id, orderId, 'order-status', { status: 'ready' }));
            }
            return ids;
          }),
        )
      ).flat();
      await eventually(() => got.length >= written.length);
      // A few extra reads must not dispatch anything again.
      await Promise.all([hub.catchUp(), hub.catchUp(), hub.catchUp()]);
      const ids = got.map((event) => event.id);
      expect(ids).toEqual([...written].sort((x, y) => Number(BigInt(x) - BigInt(y))));
      expect(hub.lastSeenId).toBe(ids.at(-1));
    } finally {
      unsubscribe();
    }
  });

  it('a stream lets go of its subscription when its client goes', async () => {
    const before = hub.subscribers;
    let closes = 0;
    const stream = await openOrderEventStream({
      hub,
      feed: {
        accepts: () => true,
        read: () => Promise.resolve([]),
        present: (events) => events.map(() => ({})),
      },
      position: null,
      latestId,
      log: silentLog,
      onClose: () => (closes += 1),
    });
    expect(hub.subscribers).toBe(before + 1);
    stream.body.destroy();
    await eventually(() => hub.subscribers === before);
    stream.close();
    expect(closes).toBe(1);
  });

  /** A hub the test drives by hand, and streams on it whose output is collected. */
  function handDriven(feed: Partial<EventFeed> & Pick<EventFeed, 'read'>, latest = '0') {
    const listeners = new Set<(event: OrderEventRecord) => void>();
    const hub = {
      subscribe(listener: (event: OrderEventRecord) => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      emit: (...ids: number[]) => {
        for (const id of ids) for (const listener of [...listeners]) listener(fakeEvent(id));
      },
    };
    let text = '';
    return {
      hub,
      async start(position: string | null) {
        const stream = await openOrderEventStream({
          hub,
          feed: {
            accepts: () => true,
            present: (events) => events.map((event) => ({ n: event.id })),
            ...feed,
          },
          position,
          latestId: () => Promise.resolve(latest),
          log: silentLog,
          onClose: () => undefined,
        });
        stream.body.on('data', (chunk: Buffer) => (text += chunk.toString()));
        return stream;
      },
      /** What the stream sent, `retry` left out. */
      frames: () => parseFrames(text).frames.filter((frame) => frame.retry === undefined),
    };
  }

  const fakeEvent = (id: number): OrderEventRecord => ({
    id: String(id),
    orderId: 'order',
    userId: 'user',
    type: 'order-created',
    payload: {},
    createdAt: clock.now(),
  });
  const ids = (frames: SseFrame[]) =>
    frames.map((frame) => (frame.event === 'ready' ? `ready:${frame.id ?? ''}` : (frame.id ?? '')));

  it('a stream merges its replay with live events that overlap it: each once, in order', async () => {
    const range = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => fakeEvent(from + i));
    const driven = handDriven(
      {
        // While the replay reads 1..5 from the log, the hub dispatches 3..6 (committed meanwhile).
        read: (afterId) => {
          driven.hub.emit(3, 4, 5, 6);
          return Promise.resolve(range(Number(afterId) + 1, 5));
        },
      },
      '8',
    );
    const stream = await driven.start('0');
    await eventually(() => driven.frames().length >= 7);
    driven.hub.emit(6, 7, 8);
    await eventually(() => driven.frames().length >= 9);
    expect(ids(driven.frames())).toEqual(['1', '2', '3', '4', '5', '6', 'ready:6', '7', '8']);
    stream.close();
  });

  it('a fresh stream keeps what is dispatched while it reads the log’s end', async () => {
    const listeners = new Set<(event: OrderEventRecord) => void>();
    let text = '';
    const stream = await openOrderEventStream({
      hub: {
        subscribe(listener) {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      },
      feed: {
        accepts: () => true,
        read: () => Promise.resolve([]),
        present: (events) => events.map(() => ({})),
      },
      position: null,
      // Event 9 commits and is dispatched just after the end (8) was read.
      latestId: () => {
        queueMicrotask(() => {
          for (const listener of listeners) listener(fakeEvent(9));
        });
        return Promise.resolve('8');
      },
      log: silentLog,
      onClose: () => undefined,
    });
    stream.body.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const frames = () => parseFrames(text).frames.filter((frame) => frame.retry === undefined);
    await eventually(() => frames().length >= 2);
    expect(ids(frames())).toEqual(['9', 'ready:9']);
    stream.close();
  });

  it('a stream keeps id order when presenting takes a while, and presents what waited together', async () => {
    const batches: string[][] = [];
    let release: () => void = () => undefined;
    const firstHeld = new Promise<void>((resolve) => (release = resolve));
    const driven = handDriven({
      read: () => Promise.resolve([]),
      // The first event's presentation waits until the others have arrived: a stream that
      // presented them beside it, not after it, would send them first.
      present: async (events) => {
        batches.push(events.map((event) => event.id));
        if (events[0]?.id === '1') await firstHeld;
        return events.map((event) => ({ n: event.id }));
      },
    });
    const stream = await driven.start(null);
    await eventually(() => driven.frames().length >= 1);
    driven.hub.emit(1);
    await eventually(() => batches.length === 1);
    driven.hub.emit(2);
    driven.hub.emit(3, 4);
    await sleep(20);
    driven.hub.emit(5);
    expect(driven.frames()).toHaveLength(1);
    release();
    await eventually(() => driven.frames().length >= 6);
    expect(ids(driven.frames())).toEqual(['ready:0', '1', '2', '3', '4', '5']);
    // 1 alone (nothing else waited), then everything that came while it was presented.
    expect(batches).toEqual([['1'], ['2', '3', '4', '5']]);
    stream.close();
  });

  it('over HTTP too: a client that disconnects leaves no subscription behind', async () => {
    const other = await start(db);
    try {
      // The app's own hub is not reachable from here; the cap counts what its streams hold.
      const connections = await Promise.all(
        Array.from({ length: EVENTS.maxStreamsPerUser }, () => liveStream(alice, other.url)),
      );
      for (const connection of connections) connection.close();
      await eventually(async () => {
        const opened = await Promise.all(
          Array.from({ length: EVENTS.maxStreamsPerUser }, () =>
            connect(customerUrl(other.url, alice), { cookie: alice.cookie }),
          ),
        );
        for (const connection of opened) connection.close();
        return opened.every((connection) => connection.status === 200);
      });
    } finally {
      await other.app.close();
    }
  });

  it('takes the retention window from EVENT_RETENTION_HOURS (48 by default)', () => {
    expect(loadConfig({}).events.retentionHours).toBe(48);
    expect(loadConfig({ EVENT_RETENTION_HOURS: '72' }).events.retentionHours).toBe(72);
    expect(() => loadConfig({ EVENT_RETENTION_HOURS: '0' })).toThrow(/EVENT_RETENTION_HOURS/);
  });

  it('prunes events older than the retention window, by the clock', async () => {
    const orderId = await insertOrder(alice.id);
    const old = await db.transaction((tx) =>
      orderEventsRepository(tx).record({
        orderId,
        userId: alice.id,
        type: 'order-created',
        at: new Date(clock.now().getTime() - 49 * 60 * 60 * 1000),
      }),
    );
    const recent = await record(alice.id, orderId, 'order-accepted', { time: 5 });
    expect(await hub.prune()).toBeGreaterThanOrEqual(1);
    const left = await db.query<{ id: string }>(
      'select id::text as id from order_events where id = any($1::bigint[])',
      [[old, recent]],
    );
    expect(left.map((row) => row.id)).toEqual([recent]);
  });
});

describe.runIf(kind === 'postgres')('two app instances on one Postgres schema', () => {
  const second = secondInstance(
    () => database,
    `${appName}-b`,
    start,
    (b) => b.app.close(),
  );

  it('a stream on instance A receives what instance B committed, and the other way round', async () => {
    const onA = await liveStream(alice, a.url);
    const onB = await liveStream(alice, second.app.url);
    const orderId = await insertOrder(alice.id, second.db);
    const fromB = await record(alice.id, orderId, 'order-accepted', { time: 25 }, second.db);
    const frameA = await onA.nextEvent();
    expect(frameA.id).toBe(fromB);
    expect(customerEvent(frameA)).toEqual({ type: 'order-accepted', orderId, time: 25 });
    expect((await onB.nextEvent()).id).toBe(fromB);
    const fromA = await record(alice.id, orderId, 'order-status', { status: 'ready' }, db);
    expect((await onB.nextEvent()).id).toBe(fromA);
    expect((await onA.nextEvent()).id).toBe(fromA);
  });

  it('a killed listener connection comes back and catches up on what it missed', async () => {
    const listener = `${appName}-listen`;
    const listeners = () =>
      second.db.query<{ pid: number }>(
        'select pid from pg_stat_activity where application_name = $1',
        [listener],
      );
    // One per channel the app listens on (order events, store changes).
    const original = new Set((await listeners()).map((row) => row.pid));
    expect(original.size, 'instance A’s listener connections').toBeGreaterThan(0);
    const connection = await liveStream(alice, a.url);
    const orderId = await insertOrder(alice.id, second.db);

    // Only our own listener (by its application_name); B's connections are not touched.
    await second.db.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
      [listener],
    );
    // Committed while A's listener is down (it waits 250 ms before reconnecting): its NOTIFY
    // reaches nobody on A. The poll is a minute away; only the reconnection's read finds it.
    const whileDown = await record(alice.id, orderId, 'order-accepted', { time: 30 }, second.db);
    const frame = await connection.nextEvent(5_000);
    expect(frame.id).toBe(whileDown);
    await eventually(async () => {
      const now = await listeners();
      return now.length === original.size && now.every((row) => !original.has(row.pid));
    });
    // And live again through NOTIFY.
    const after = await record(alice.id, orderId, 'order-status', { status: 'ready' }, second.db);
    expect((await connection.nextEvent()).id).toBe(after);
  });
});

const sleep = (ms: number) =>
  new Promise<string>((resolve) => setTimeout(() => resolve('slept'), ms));
