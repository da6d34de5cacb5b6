import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../apps/api/src/db/embedded';
import { makeCourier, makeUser } from '../../apps/api/src/test/factories';
import { startServer, type RunningServer } from '../support/server';
import { startSmtpOnPort } from './support/smtp-on-port';
import { call, sleep, waitUntil } from './support/server-process';

type OutboxState = { to_address: string; status: string; attempts: number; last_error: string | null };

/**
 * Issue 6, faults: the SMTP server is down while password-reset emails are queued, then comes
 * back on the same port. The outbox worker retries with backoff (first retry after 5 s), and
 * every queued email arrives exactly once.
 */
describe('SMTP server down, then back', () => {
  let server: RunningServer | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtpOnPort>> | undefined;

  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it('delivers every email queued during the outage exactly once', async () => {
    const smtpPort = await freePort(); // nothing listens here yet: connections are refused
    server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
    const db = server.database.db;
    const courier = await makeCourier(db);
    const people = await Promise.all(Array.from({ length: 5 }, () => makeUser(db, { role: 'staff', courier })));

    for (const person of people) {
      const response = await call(server.baseUrl, 'POST', '/api/auth/request-password-reset', { json: { email: person.email } });
      expect(response.status).toBe(200);
    }
    const outbox = async () => (await db.execute<OutboxState>(sql`select to_address, status, attempts, last_error from email_outbox`)).rows;
    // Every email has been tried and has failed at least once while SMTP was down.
    await waitUntil(async () => {
      const rows = await outbox();
      return rows.length === people.length && rows.every((r) => r.attempts >= 1 && r.status === 'pending' && r.last_error);
    }, 15_000, 'a failed first attempt of every email');

    smtp = await startSmtpOnPort(smtpPort);
    const inbox = smtp.received;
    await waitUntil(() => inbox.length >= people.length, 30_000, `${people.length} emails after SMTP came back`);
    // Several more worker passes (poll 200 ms) must not send anything twice.
    await sleep(2000);

    const recipients = inbox.flatMap((email) => email.to).sort();
    expect(recipients).toEqual(people.map((p) => p.email).sort());
    expect(inbox.every((email) => /reset your password/.test(email.subject))).toBe(true);
    const rows = await outbox();
    expect(rows.map((r) => r.status)).toEqual(people.map(() => 'sent'));
  });
});
