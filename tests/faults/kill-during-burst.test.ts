import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULT_ADMIN, ServerProcess, freePort } from '../support/server-process';
import {
  burstUntilKilled,
  checkLedger,
  emptyLedger,
  missingThroughApi,
  type Verdict,
} from './burst';
import { faultDatabase, type FaultDatabase, type FaultDatabaseKind } from './databases';
import { Client, simpleProducts } from './http';

/**
 * SIGKILL in the middle of a burst of registrations, cart writes and orders, on the real server
 * process, three times over on the same data; after each kill the server starts again on it and
 * every write it acknowledged is there exactly once, and nothing is there half-written
 * (`burst.ts` says what is checked and how).
 */

const ROUNDS = 3;

describe.each<FaultDatabaseKind>(['pglite', 'postgres'])('SIGKILL during a burst (%s)', (kind) => {
  let data: FaultDatabase;
  let server: ServerProcess | null = null;

  beforeAll(async () => {
    data = await faultDatabase(kind);
  });
  afterAll(async () => {
    if (server?.running) await server.stop();
    await data.drop();
  });

  it(`loses no acknowledged write across ${ROUNDS} kills`, async () => {
    const port = await freePort();
    const start = async () => (server = await ServerProcess.start({ port, env: data.env }));
    let current = await start();

    // Open whatever the hour (the store's own control), with a window no order outlives here.
    const admin = new Client(current.base);
    await admin.ok('POST', '/api/auth/login', FAULT_ADMIN);
    await admin.ok('PUT', '/api/staff/store', { mode: 'open', acceptanceWindowMinutes: 1440 });
    const products = await simpleProducts(admin);

    const ledger = emptyLedger();
    const totals = {
      kills: 0,
      inFlightAtKill: 0,
      acknowledged: 0,
      checked: 0,
      lost: 0,
      unknown: 0,
    };
    for (let round = 1; round <= ROUNDS; round++) {
      const burst = await burstUntilKilled(current, ledger, {
        products,
        killAfterAcks: 30 + Math.floor(Math.random() * 40),
        minInFlight: 3,
        newcomers: 2,
        shoppers: 4,
        orderers: 6,
      });
      const exit = await current.exited;
      expect(exit.signal, 'the kill, not an exit of its own').toBe('SIGKILL');
      expect(burst.inFlightAtKill, 'writes in flight when killed').toBeGreaterThan(0);
      // Nothing was refused: every write either went through or was cut by the kill.
      expect(burst.failures).toEqual([]);
      totals.kills++;
      totals.inFlightAtKill += burst.inFlightAtKill;
      totals.acknowledged += burst.acked;

      // The restart on the data the killed process left: it must come up and serve, and show
      // each customer what it was told was done.
      const restarting = performance.now();
      current = await start();
      const restartMs = Math.round(performance.now() - restarting);
      expect(await missingThroughApi(current.base, ledger)).toEqual([]);
      console.log(
        `[faults] ${kind} kill ${round}: ${burst.acked} writes acknowledged, ` +
          `${burst.inFlightAtKill} in flight at the kill (${burst.killedAfterMs} ms into the ` +
          `burst); restarted in ${restartMs} ms`,
      );
    }

    // Every round's writes, read from the database itself. (Once, at the end: what a kill
    // half-wrote stays half-written, and PGlite's folder can be read only with no server on it.)
    if (data.kind === 'pglite') expect((await current.stop()).code).toBe(0);
    const db = await data.open();
    let verdict: Verdict;
    try {
      verdict = await checkLedger(db, ledger);
    } finally {
      await db.close();
    }
    expect(verdict.lost, 'acknowledged writes lost').toEqual([]);
    expect(verdict.problems, 'half-written or doubled').toEqual([]);
    totals.checked = verdict.checked;
    totals.lost = verdict.lost.length;
    totals.unknown = verdict.unknownPresent + verdict.unknownAbsent;
    console.log(`[faults] ${kind} SIGKILL summary: ${JSON.stringify(totals)}`);
    expect(totals.kills).toBe(ROUNDS);
    // Every acknowledged write of every round was looked for.
    expect(totals.checked).toBe(totals.acknowledged);
    expect(totals.lost).toBe(0);
  });
});
