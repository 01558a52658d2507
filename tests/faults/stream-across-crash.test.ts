import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiOrderEvent } from '../../src/domain';
import { FAULT_ADMIN, ServerProcess, freePort } from '../support/server-process';
import { isOrderEvent, placePickupOrder } from '../support/order-steps';
import { followSse, type FollowedStream } from '../support/sse';
import { faultDatabase, type FaultDatabase, type FaultDatabaseKind } from './databases';
import { Client, registerCustomer, simpleProducts } from './http';

/**
 * A customer waiting for the store's answer when the server crashes still gets it, once. Two
 * customers place orders and wait on their order streams; the server is SIGKILLed (no goodbye,
 * no retry hint: the browser keeps the `retry: 5000` it was given) and started again on the same
 * data. One customer's browser reconnects by itself, with Last-Event-ID, before the store
 * answers, and gets the answer live; the other's page was closed and comes back after the
 * answer with the position it saved, and gets it replayed. Each sees `order-accepted` exactly
 * once, across every reconnection.
 */

const events = (stream: FollowedStream, orderId: string, type: ApiOrderEvent['type']) =>
  stream.received.filter(isOrderEvent(orderId, type));

describe.each<FaultDatabaseKind>(['pglite', 'postgres'])(
  'an order stream open during a crash (%s)',
  (kind) => {
    let data: FaultDatabase;
    let server: ServerProcess | null = null;
    const streams: FollowedStream[] = [];

    beforeAll(async () => {
      data = await faultDatabase(kind);
    });
    afterAll(async () => {
      for (const stream of streams) stream.close();
      if (server?.running) await server.stop();
      await data.drop();
    });

    it("still brings the store's answer after the restart, exactly once", async () => {
      const port = await freePort();
      server = await ServerProcess.start({ port, env: data.env });
      const staff = new Client(server.base);
      await staff.ok('POST', '/api/auth/login', FAULT_ADMIN);
      await staff.ok('PUT', '/api/staff/store', { mode: 'open', acceptanceWindowMinutes: 1440 });
      const [productId] = await simpleProducts(staff);

      /** A customer with an order placed and its stream open, the order's creation seen. */
      const waitingCustomer = async (base: string) => {
        const client = new Client(base);
        const userId = await registerCustomer(client);
        const stream = await followSse(`${base}/api/orders/sse?userId=${userId}`, {
          cookie: client.cookie,
        });
        streams.push(stream);
        await stream.waitFor((frame) => frame.event === 'ready', 5_000);
        const orderId = await placePickupOrder(
          async <Body>(method: string, path: string, body: unknown) => {
            const answer = await client.send<Body>(method, path, body);
            if (answer.status >= 300) throw new Error(`${path}: ${answer.status}`);
            return answer.body;
          },
          userId,
          productId ?? '',
        );
        if (!orderId) throw new Error('no order placed');
        await stream.waitFor(isOrderEvent(orderId, 'order-created'), 5_000);
        return { client, userId, stream, orderId };
      };
      const stays = await waitingCustomer(server.base);
      const leaves = await waitingCustomer(server.base);

      server.kill('SIGKILL');
      expect((await server.exited).signal).toBe('SIGKILL');
      // The second customer's page is closed while the server is down; it keeps its position.
      const savedPosition = leaves.stream.lastEventId;
      leaves.stream.close();
      expect(savedPosition).toBeDefined();

      server = await ServerProcess.start({ port, env: data.env });
      // The first customer's browser is back on its own, before the store answers.
      const reconnectBy = Date.now() + 20_000;
      while (stays.stream.connections < 2 && Date.now() < reconnectBy) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(stays.stream.connections, 'the browser reconnected').toBe(2);
      await stays.stream.waitFor((frame) => frame.event === 'ready', 5_000, 0);

      // The store answers both orders on the restarted server.
      for (const { orderId } of [stays, leaves]) {
        await staff.ok('POST', `/api/staff/orders/${orderId}/accept`, { minutes: 20 });
      }

      // Live, to the customer who stayed.
      await stays.stream.waitFor(isOrderEvent(stays.orderId, 'order-accepted'), 5_000);
      // Replayed, to the one who comes back with its saved position.
      const back = await followSse(`${server.base}/api/orders/sse?userId=${leaves.userId}`, {
        cookie: leaves.client.cookie,
        lastEventId: savedPosition,
      });
      streams.push(back);
      await back.waitFor(isOrderEvent(leaves.orderId, 'order-accepted'), 5_000);

      // And once more each, from where they are now: nothing comes twice.
      for (const stream of [stays.stream, back]) {
        const again = await followSse(
          `${server.base}/api/orders/sse?userId=${stream === back ? leaves.userId : stays.userId}`,
          {
            cookie: stream === back ? leaves.client.cookie : stays.client.cookie,
            lastEventId: stream.lastEventId,
          },
        );
        streams.push(again);
        await again.waitFor((frame) => frame.event === 'ready', 5_000);
        expect(again.received.filter((frame) => frame.data !== undefined && !frame.event)).toEqual(
          [],
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(events(stays.stream, stays.orderId, 'order-accepted')).toHaveLength(1);
      expect(events(stays.stream, stays.orderId, 'order-created')).toHaveLength(1);
      expect([
        ...events(leaves.stream, leaves.orderId, 'order-accepted'),
        ...events(back, leaves.orderId, 'order-accepted'),
      ]).toHaveLength(1);
      console.log(
        `[faults] ${kind} stream across a crash: the reconnecting customer's stream opened ` +
          `${stays.stream.connections} times; both got order-accepted once`,
      );
    });
  },
);
