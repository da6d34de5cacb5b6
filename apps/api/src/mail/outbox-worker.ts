import { sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { OUTBOX_CHANNEL } from './outbox';
import type { CourierTransports } from './courier-transports';
import { platformSender } from '../lib/platform-defaults';

type OutboxRow = {
  id: string;
  courier_id: string | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attempts: number;
};

export interface OutboxWorkerOptions {
  db: Database;
  pool: pg.Pool;
  smtpUrl?: string;
  from: string;
  pollMs: number;
  log: FastifyBaseLogger;
  /** Couriers' own SMTP servers (settings tab 5); without it every email uses the platform's. */
  courierTransports?: CourierTransports;
}

/** The courier's configuration was switched off after the row was claimed: put it back untouched. */
class HeldError extends Error {}

/** Exponential backoff capped at one hour: 5 s, 10 s, 20 s ... */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(5 * 2 ** Math.max(0, attempts - 1), 3600);
}

/**
 * Sends queued emails with retries. Rows are claimed with SKIP LOCKED and a lease, so several
 * instances share the queue without sending a row twice; a crashed sender's lease expires and
 * another instance takes the row over.
 */
export function startOutboxWorker(options: OutboxWorkerOptions) {
  const { db, pool, log } = options;
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let listener: pg.PoolClient | null = null;

  // Email of a courier whose own SMTP configuration is inactive waits, unclaimed and unattempted,
  // until the configuration is active again (issue 4: nothing is dropped).
  async function claim(): Promise<OutboxRow[]> {
    const result = await db.execute<OutboxRow>(sql`
      update email_outbox set status = 'sending', locked_until = now() + interval '2 minutes', attempts = attempts + 1
      where id in (
        select o.id from email_outbox o
        where ((o.status = 'pending' and o.next_attempt_at <= now()) or (o.status = 'sending' and o.locked_until < now()))
          and not exists (select 1 from courier_email_configs c where c.courier_id = o.courier_id and c.status <> 'active')
        order by o.created_at limit 20 for update of o skip locked)
      returning id, courier_id, to_address, subject, text_body, html_body, attempts`);
    return result.rows;
  }

  async function deliver(row: OutboxRow, platformFrom: string) {
    const route = options.courierTransports ? await options.courierTransports.routeFor(row.courier_id) : { kind: 'platform' as const };
    if (route.kind === 'held') throw new HeldError();
    if (route.kind === 'courier') {
      await route.transport.sendMail({ from: route.from, to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body ?? undefined });
      return;
    }
    if (!transport) {
      // No SMTP configured (development): the log is the mailbox, links included.
      log.info({ to: row.to_address, subject: row.subject }, `email (not sent, no SMTP_URL):\n${row.text_body}`);
      return;
    }
    await transport.sendMail({ from: platformFrom, to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body ?? undefined });
  }

  async function drain() {
    for (let batch = await claim(); batch.length > 0 && !stopped; batch = await claim()) {
      // The super admin's sender (/superadmin/settings), else MAIL_FROM: read per batch, so a change applies to the next email.
      const platformFrom = await platformSender(db, options.from);
      for (const row of batch) {
        try {
          await deliver(row, platformFrom);
          await db.execute(sql`update email_outbox set status = 'sent', sent_at = now(), locked_until = null, last_error = null where id = ${row.id}`);
        } catch (error) {
          if (error instanceof HeldError) {
            await db.execute(sql`update email_outbox set status = 'pending', locked_until = null, attempts = attempts - 1 where id = ${row.id}`);
            continue;
          }
          const message = error instanceof Error ? error.message : String(error);
          log.warn({ emailId: row.id, attempts: row.attempts, err: message }, 'email delivery failed, will retry');
          await db.execute(sql`
            update email_outbox set status = 'pending', locked_until = null, last_error = ${message.slice(0, 500)},
              next_attempt_at = now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})
            where id = ${row.id}`);
        }
      }
    }
  }

  function tick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error) => log.warn({ err: error instanceof Error ? error.message : error }, 'outbox pass failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          tick();
        }
      });
  }

  async function listen() {
    try {
      listener = await pool.connect();
      listener.on('notification', tick);
      listener.on('error', () => {
        listener = null;
      });
      await listener.query(`listen ${OUTBOX_CHANNEL}`);
    } catch {
      listener = null; // polling still delivers
    }
  }

  const timer = setInterval(tick, options.pollMs);
  void listen().then(tick);

  return {
    /** Runs one pass now and waits for it (tests). */
    async flush() {
      tick();
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
      if (listener) {
        listener.removeAllListeners('notification');
        listener.release(true);
      }
      transport?.close();
      options.courierTransports?.close();
    },
  };
}
export type OutboxWorker = ReturnType<typeof startOutboxWorker>;
