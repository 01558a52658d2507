import type { FastifyInstance, FastifyReply } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Resolves once every task queued with `reply.afterAnswer` has run, including the ones
     * those tasks' time let in meanwhile. Closing the app waits for it; tests await it.
     */
    settled(): Promise<void>;
  }
  interface FastifyReply {
    /**
     * Runs `task` once this request's answer, whatever it is, has been sent (or the client has
     * gone). A failure is logged, never answered and never crashes the process.
     */
    afterAnswer(task: () => Promise<void>): void;
  }
}

/**
 * Work done after the answer: for a route whose answer must not tell, by its time, what the
 * work found (forgot-password: whether an account has that email, issue 45). Nothing done
 * before the answer differs, so its time cannot differ either, however the work's does.
 *
 * Every task is tracked from the moment it is queued, not from when it starts: `settled()`
 * called right after an answer arrived still sees it. Closing the app waits for them (an
 * onClose hook, added after the database's, the catalogue's and the mail sender's, so it runs
 * before those close: onClose hooks run last-added first); serve.ts's SHUTDOWN_TIMEOUT_MS
 * bounds that wait with the rest of the shutdown.
 */
export function afterAnswer(app: FastifyInstance): void {
  const pending = new Set<Promise<void>>();
  app.decorateReply('afterAnswer', function (this: FastifyReply, task: () => Promise<void>) {
    const { raw, log } = this;
    const answered = new Promise<void>((resolve) => {
      // On the event loop's next turn, not in this one: the task's first steps run on this
      // thread (and all of PGlite's work does), so they must not run before whatever is due
      // about the answer itself (its write, or an in-process caller's continuation).
      const start = () => setImmediate(resolve);
      if (raw.writableFinished || raw.destroyed) {
        start();
        return;
      }
      // 'finish' once the answer is handed to the socket; 'close' alone when the client left
      // first, so a task never waits on an answer that will not finish.
      raw.once('finish', start);
      raw.once('close', start);
    });
    const run: Promise<void> = answered
      .then(task)
      .catch((error: unknown) => {
        log.error({ err: error }, 'work after the answer failed');
      })
      .finally(() => pending.delete(run));
    pending.add(run);
  });
  app.decorate('settled', async () => {
    while (pending.size > 0) await Promise.all(pending);
  });
  app.addHook('onClose', () => app.settled());
}
