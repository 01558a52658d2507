import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { afterAnswer } from '../../src/server/http/after-answer';

/**
 * `reply.afterAnswer` (http/after-answer.ts), on a bare Fastify app: the answer is not held by
 * the work, `settled()` and closing wait for it, and a failure is logged, not answered.
 */

/** A task that runs only when let go, and says whether it has begun and finished. */
function heldTask() {
  const state = { begun: false, finished: false };
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const task = async () => {
    state.begun = true;
    await gate;
    state.finished = true;
  };
  return { state, task, release: () => release() };
}

async function appWith(task: () => Promise<void>, logLines: string[] = []) {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  const app = Fastify({ logger: { level: 'error', stream } });
  afterAnswer(app);
  app.post('/work', async (_request, reply) => {
    reply.afterAnswer(task);
    return { ok: true };
  });
  await app.ready();
  return app;
}

it('answers before the work runs, and settled() waits for the work', async () => {
  const held = heldTask();
  const app = await appWith(held.task);
  const answer = await app.inject({ method: 'POST', url: '/work' });
  expect(answer.json()).toEqual({ ok: true });
  expect(held.state.finished).toBe(false);
  let settled = false;
  const waiting = app.settled().then(() => {
    settled = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(held.state.begun).toBe(true);
  expect(settled).toBe(false);
  held.release();
  await waiting;
  expect(held.state.finished).toBe(true);
  await app.close();
});

it('closing the app waits for the work queued after an answer', async () => {
  const held = heldTask();
  const app = await appWith(held.task);
  await app.inject({ method: 'POST', url: '/work' });
  let closed = false;
  const closing = app.close().then(() => {
    closed = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(closed).toBe(false);
  held.release();
  await closing;
  expect(held.state.finished).toBe(true);
});

it('logs a failing task and keeps answering', async () => {
  const logLines: string[] = [];
  const app = await appWith(() => Promise.reject(new Error('the outbox is gone')), logLines);
  expect((await app.inject({ method: 'POST', url: '/work' })).statusCode).toBe(200);
  await app.settled();
  expect(logLines.join('')).toContain('work after the answer failed');
  expect(logLines.join('')).toContain('the outbox is gone');
  expect((await app.inject({ method: 'POST', url: '/work' })).statusCode).toBe(200);
  await app.close();
});
