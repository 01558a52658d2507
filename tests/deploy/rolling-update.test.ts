import { afterAll, describe, expect, it } from 'vitest';
import { FAULT_ADMIN, ServerProcess, freePort } from '../support/server-process';
import { STAFF_ORDERS_LIMIT } from '../../src/server/orders/list-orders';
import { isOrderEvent, placePickupOrder } from '../support/order-steps';
import { followSse, type FollowedStream } from '../support/sse';
import { postgresDatabase, type FaultDatabase } from '../faults/databases';
import { Caddy, HttpsClient, caddyMissing } from './caddy';
import { beverages, breakWhat, registerThrough } from './shop';

/**
 * docs/deploy.md's second shape, updated as it says: two server processes on one PostgreSQL
 * behind Caddy (deploy/Caddyfile with both upstreams, its health checks and retries), and while
 * customers browse, place orders and wait on their order streams, one process is stopped
 * (SIGTERM, as `systemctl restart` sends it) and started again, then the other. Budgets: no
 * request a client sent fails, every order placed is on the board exactly once, every waiting
 * customer gets the store's answer exactly once, nothing acknowledged is lost.
 * DEPLOY_BREAK=sigkill stops each process with SIGKILL instead, DEPLOY_BREAK=drain without
 * SHUTDOWN_DRAIN_MS (Caddy still sends it requests as it closes): the test fails.
 */

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const CUSTOMERS = 6;
const BROWSERS = 4;
const ORDER_PAUSE_MS = 500;

/** What a customer's stream received after an order was placed, for a failure's message. */
function storyOf(orderId: string, placedAt: number, stream: FollowedStream, from: number): string {
  const frames = stream.received.slice(from).map((frame) => {
    if (frame.retry !== undefined) return `retry ${frame.retry}`;
    if (frame.comments.length > 0 && frame.data === undefined) return 'ping';
    const event = frame.data ? (JSON.parse(frame.data) as { type?: string; orderId?: string }) : {};
    return `${frame.event ?? 'message'} #${frame.id ?? '-'} ${event.type ?? ''} ${event.orderId ?? ''}`;
  });
  return (
    `order ${orderId} placed at ${placedAt} ms; the stream: ${stream.connections} connections, ` +
    `live ${String(stream.live)}, last id ${stream.lastEventId ?? '-'}; since: ${frames.join(', ')}`
  );
}

/** A process's warnings and errors, and its stream lines. */
function warnings(server: ServerProcess): string {
  return server.logs
    .filter((line) => line.level >= 40 || /stream|listener|shut/i.test(line.msg))
    .map((line) => JSON.stringify(line))
    .join('\n');
}

describe.skipIf(caddyMissing !== null)('a rolling update behind Caddy', () => {
  let data: FaultDatabase | null = null;
  const servers: (ServerProcess | null)[] = [null, null];
  let caddy: Caddy | null = null;
  const clients: HttpsClient[] = [];
  const streams: FollowedStream[] = [];

  afterAll(async () => {
    for (const stream of streams) stream.close();
    for (const made of clients) made.close();
    await caddy?.stop();
    for (const server of servers) if (server?.running) await server.stop();
    await data?.drop();
  });

  it('drops no request, no order and no answer while each process restarts in turn', async () => {
    data = await postgresDatabase();
    // As docs/deploy.md's two-process shape sets it: /healthz says 503 for over two of Caddy's
    // 1 s health checks before a stopping process refuses anything.
    const env = { ...data.env, SHUTDOWN_DRAIN_MS: breakWhat === 'drain' ? '0' : '2500' };
    const ports = [await freePort(), await freePort()] as const;
    // One at a time: the first migrates and seeds, the second finds it done.
    servers[0] = await ServerProcess.start({ port: ports[0], env });
    servers[1] = await ServerProcess.start({ port: ports[1], env });
    const front = await Caddy.start(ports);
    caddy = front;
    const client = () => {
      const made = new HttpsClient(front);
      clients.push(made);
      return made;
    };

    const staff = client();
    await staff.ok('POST', '/api/auth/login', FAULT_ADMIN);
    await staff.ok('PUT', '/api/staff/store', { mode: 'open', acceptanceWindowMinutes: 1440 });
    const products = await beverages(staff);

    /** Every request the load sent that did not get a 2xx, and why. */
    const failed: string[] = [];
    let sent = 0;
    const send = async <Body>(
      who: HttpsClient,
      method: string,
      path: string,
      body?: unknown,
    ): Promise<Body | null> => {
      sent++;
      try {
        const answer = await who.send<Body>(method, path, body);
        if (answer.status >= 200 && answer.status < 300) return answer.body;
        failed.push(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
      } catch (error) {
        failed.push(`${method} ${path}: no answer (${String(error)})`);
      }
      return null;
    };

    let running = true;

    const browse = async () => {
      const browser = client();
      while (running) {
        await send(browser, 'GET', '/api/products/beverages');
        await send(browser, 'GET', '/api/store');
        await send(browser, 'GET', '/menu');
        await pause(50);
      }
    };

    interface Placed {
      orderId: string;
      stream: FollowedStream;
      answered: boolean;
    }
    const placed: Placed[] = [];
    /** Orders placed whose customer did not hear the store's answer in time. */
    const unanswered: string[] = [];
    /** For each unanswered order, what its stream did meanwhile (a failure's message). */
    const stories: string[] = [];
    const started = performance.now();
    const at = () => Math.round(performance.now() - started);

    // The customers sign up and open their order streams first (not what is under test).
    const customers = await Promise.all(
      Array.from({ length: CUSTOMERS }, async () => {
        const customer = client();
        const userId = await registerThrough(customer);
        const stream = await followSse(`${front.base}/api/orders/sse?userId=${userId}`, {
          cookie: customer.cookie,
          ca: front.ca,
          localAddress: customer.address,
        });
        streams.push(stream);
        await stream.waitFor((frame) => frame.event === 'ready', 5_000);
        return { customer, userId, stream };
      }),
    );

    const order = async (
      { customer, userId, stream }: (typeof customers)[number],
      index: number,
    ) => {
      for (let round = 0; running; round++) {
        const productId = products[(index + round) % products.length] ?? '';
        const from = stream.received.length;
        const placedAt = at();
        const orderId = await placePickupOrder(
          (method, path, body) => send(customer, method, path, body),
          userId,
          productId,
        );
        if (!orderId) return;
        const entry: Placed = { orderId, stream, answered: false };
        placed.push(entry);
        try {
          await stream.waitFor(isOrderEvent(orderId, 'order-accepted'), 20_000);
          entry.answered = true;
        } catch {
          unanswered.push(entry.orderId);
          stories.push(storyOf(orderId, placedAt, stream, from));
          return;
        }
        // A customer's pace, not a loop's: the update's orders stay within one board page.
        await pause(ORDER_PAUSE_MS);
      }
    };

    /** The store: accepts every pending order it sees on the board. */
    const store = async () => {
      while (running || placed.some((entry) => !entry.answered)) {
        const pending =
          (await send<{ _id: string }[]>(staff, 'GET', '/api/staff/orders?status=pending')) ?? [];
        for (const { _id } of pending) {
          await send(staff, 'POST', `/api/staff/orders/${_id}/accept`, { minutes: 15 });
        }
        await pause(150);
        if (
          !running &&
          unanswered.length + placed.filter((e) => e.answered).length >= placed.length
        )
          return;
      }
    };

    const load = Promise.all([
      ...Array.from({ length: BROWSERS }, browse),
      ...customers.map(order),
      store(),
    ]);

    // The update: each process in turn stopped, started again, and back in Caddy's rotation
    // (its health check passes) before the next one goes.
    const exits: (number | null)[] = [];
    /** Every process started, the replaced ones too: their logs explain a failure. */
    const everyServer = servers.filter((server) => server !== null);
    await pause(1_500);
    for (const index of [0, 1] as const) {
      const server = servers[index];
      if (!server) throw new Error('no server');
      if (breakWhat === 'sigkill') server.kill('SIGKILL');
      else server.kill('SIGTERM');
      exits.push((await server.exited).code);
      stories.push(`process ${index} stopped at ${at()} ms`);
      const restarted = await ServerProcess.start({ port: ports[index], env });
      servers[index] = restarted;
      everyServer.push(restarted);
      stories.push(`process ${index} answering again at ${at()} ms`);
      await pause(2_000);
    }
    await pause(1_000);
    running = false;
    await load;

    const ordersPlaced = placed.length;
    console.log(
      `[deploy] rolling update: ${sent} requests, ${failed.length} failed; ${ordersPlaced} orders ` +
        `placed, ${unanswered.length} unanswered; exits ${JSON.stringify(exits)}`,
      ...failed.slice(0, 10),
    );
    // A 503 with no body is Caddy's own (no process it would send the request to): its log says why.
    if (failed.length > 0) console.log(`[deploy] Caddy's log:\n${front.log}`);
    if (unanswered.length > 0) {
      const db = await data.open();
      try {
        const logged = await db.query<{ id: string; order_id: string; type: string }>(
          'select id::text as id, order_id::text as order_id, type from order_events ' +
            'where order_id = any($1::uuid[]) order by order_events.id',
          [unanswered],
        );
        const statuses = await db.query<{ id: string; status: string }>(
          'select id::text as id, status from orders where id = any($1::uuid[])',
          [unanswered],
        );
        console.log(
          `[deploy] unanswered:\n${stories.join('\n')}\n` +
            `their events in the log: ${JSON.stringify(logged)}\n` +
            `their statuses: ${JSON.stringify(statuses)}\n` +
            `the processes' warnings:\n${everyServer.map((s) => warnings(s)).join('\n')}`,
        );
      } finally {
        await db.close();
      }
    }
    expect(failed).toEqual([]);
    expect(unanswered).toEqual([]);
    expect(exits).toEqual([0, 0]);
    expect(ordersPlaced).toBeGreaterThanOrEqual(CUSTOMERS);
    // The board lists the newest STAFF_ORDERS_LIMIT: every order placed must be among them.
    expect(ordersPlaced).toBeLessThan(STAFF_ORDERS_LIMIT);

    // Each waiting customer heard the answer once, across every reconnection.
    for (const entry of placed) {
      const accepted = entry.stream.received.filter(isOrderEvent(entry.orderId, 'order-accepted'));
      expect(accepted, `order-accepted for ${entry.orderId}`).toHaveLength(1);
    }
    // On the board exactly once, and in the database exactly once: nothing acknowledged lost.
    const board = await staff.ok<{ _id: string }[]>('GET', '/api/staff/orders');
    const db = await data.open();
    try {
      const rows = await db.query<{ id: string }>('select id::text as id from orders');
      for (const { orderId } of placed) {
        expect(board.filter((row) => row._id === orderId)).toHaveLength(1);
        expect(rows.filter((row) => row.id === orderId)).toHaveLength(1);
      }
      expect(rows).toHaveLength(ordersPlaced);
    } finally {
      await db.close();
    }
  });
});
