import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Work a route starts once its answer has been sent (issue 15, item 11: answers that must not depend on it). */
    afterResponse: AfterResponse;
  }
}

export interface AfterResponse {
  /** Runs `task` once the reply has been sent; a failure is logged under `label`, never answered. */
  run(reply: FastifyReply, log: FastifyBaseLogger, label: string, task: () => Promise<unknown>): void;
  /** Resolves when every task started so far has finished (tests, and shutdown before the pool closes). */
  idle(): Promise<void>;
}

export function registerAfterResponse(app: FastifyInstance) {
  const pending = new Set<Promise<void>>();
  const afterResponse: AfterResponse = {
    run(reply, log, label, task) {
      // Tracked from now, not from the 'finish' event, so idle() right after the answer covers it.
      // It runs even when the client hung up early: the answer was decided already.
      const done = new Promise<void>((resolve) => {
        let started = false;
        const start = () => {
          if (started) return;
          started = true;
          task().catch((error: unknown) => log.error({ err: error }, label)).finally(resolve);
        };
        if (reply.raw.writableFinished) start();
        else reply.raw.once('finish', start).once('close', start);
      });
      pending.add(done);
      void done.finally(() => pending.delete(done));
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
  app.decorate('afterResponse', afterResponse);
  app.addHook('onClose', () => afterResponse.idle());
}
