import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deliveryJobId } from './webhook-signing';

interface Log { warn: (obj: object, msg?: string) => void }

/**
 * Hands new delivery generations to the job queue. The delivery rows (written with the change,
 * migration 0021) are the durable record; the job id is derived from (delivery, generation), so an
 * instance that crashes between queuing and marking, or two instances in the same pass, queue it
 * once. `enqueue` is the job runner's send (app.ts joins them: features do not import jobs/).
 */
export function startWebhookDispatcher(options: {
  db: Database; pollMs: number; log: Log;
  enqueue: (data: { deliveryId: string; generation: number }, jobId: string) => Promise<unknown>;
}) {
  const { db } = options;
  let running: Promise<void> | null = null;
  let stopped = false;

  async function pass() {
    const due = await db.execute<{ id: string; generation: number }>(sql`
      select id, generation from webhook_deliveries
      where status = 'pending' and enqueued_generation < generation order by created_at limit 500`);
    for (const row of due.rows) {
      if (stopped) return;
      await options.enqueue({ deliveryId: row.id, generation: row.generation }, deliveryJobId(row.id, row.generation));
      await db.execute(sql`update webhook_deliveries set enqueued_generation = greatest(enqueued_generation, ${row.generation}) where id = ${row.id}`);
    }
  }

  const tick = () => {
    if (running || stopped) return;
    running = pass()
      .catch((error: unknown) => options.log.warn({ err: error instanceof Error ? error.message : error }, 'webhook dispatch pass failed'))
      .finally(() => { running = null; });
  };
  const timer = setInterval(tick, options.pollMs);
  tick();
  return {
    /** Runs a pass now (tests). */
    flush: async () => { await running; tick(); await running; },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
export type WebhookDispatcher = ReturnType<typeof startWebhookDispatcher>;
