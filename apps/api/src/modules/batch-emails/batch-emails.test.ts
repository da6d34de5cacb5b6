import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchDetail, BatchRecipientItem, BatchPreview } from '@parceldesk/shared/schemas/batch-emails';
import type { ListResponse } from '@parceldesk/shared/schemas/list-query';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeCourier, makeCustomer, makeUser, signIn, signInCustomer, type TestCourier } from '../../test/factories';
import { eq } from 'drizzle-orm';
import { branches, packages } from '../../db/schema/index';
import { announcePackage } from '../packages/package-history';
import { readyParcel } from '../pickups/pickup-test-kit';
import { createUnsubscribeTokens } from '../../security/unsubscribe-tokens';
import { loadSecret } from '../../security/secrets';
import { runBatchSends } from './batch-send.service';

let t: TestApp;
let deps: Parameters<typeof runBatchSends>[1]['deps'];
beforeAll(async () => {
  t = await createTestApp();
  deps = { publicUrl: t.env.publicUrl, tokens: createUnsubscribeTokens(await loadSecret(t.env.dataDir, 'unsubscribe-secret')) };
});
afterAll(() => t.close());

/** A courier with an admin, two customers with a parcel ready, one with an unpaid invoice only, one business customer in another branch, one opted out. */
async function world() {
  const db = t.database.db;
  const courier: TestCourier = await makeCourier(db);
  const admin = await makeUser(db, { role: 'courier_admin', courier });
  const [west] = await db.insert(branches).values({ courierId: courier.id, name: 'Montego Bay' }).returning();
  const ready1 = await makeCustomer(db, courier, { firstName: 'Tanya', lastName: 'Ready' });
  const ready2 = await makeCustomer(db, courier, { firstName: 'Andre', lastName: 'Ready', membershipType: 'gold' });
  const owing = await makeCustomer(db, courier, { firstName: 'Owen', lastName: 'Owing' });
  const business = await makeCustomer(db, courier, { firstName: 'Marcia', lastName: 'Biz', accountType: 'business', businessName: 'Biz Ltd', branchId: west!.id });
  const optedOut = await makeCustomer(db, courier, { firstName: 'Olive', lastName: 'Out', marketingEmails: false });
  await readyParcel(db, courier, ready1.id, { totalCents: null });
  await readyParcel(db, courier, ready2.id, { totalCents: null });
  await readyParcel(db, courier, optedOut.id, { totalCents: null });
  await readyParcel(db, courier, owing.id, { status: 'in_transit' });
  return { courier, admin, west: west!, ready1, ready2, owing, business, optedOut, headers: (await signIn(t.app, admin)).headers };
}

const compose = (audience: object, extra: object = {}) => ({ subject: 'News for {{firstName}}', body: 'Hi {{firstName}} {{lastName}}, mailbox {{mailbox}} at {{courierName}}.', audience, ...extra });

async function send(headers: Record<string, string>, payload: object, key?: string) {
  return t.app.inject({ method: 'POST', url: '/api/batch-emails', headers: key ? { ...headers, 'idempotency-key': key } : headers, payload });
}
async function outboxOf(batchId: string) {
  const { rows } = await t.database.pool.query<{ to_address: string; subject: string; text_body: string; courier_id: string }>(
    `select o.to_address, o.subject, o.text_body, o.courier_id from email_outbox o join email_batch_recipients r on r.id = o.batch_recipient_id where r.batch_id = $1 order by o.to_address`, [batchId]);
  return rows;
}
const recipientsOf = async (headers: Record<string, string>, batchId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/batch-emails/${batchId}/recipients`, headers })).json<ListResponse<BatchRecipientItem>>();

describe('batch emails: audience', () => {
  it('counts and queues exactly the chosen customers, leaving out those who opted out', async () => {
    const w = await world();
    const count = async (audience: object) => (await t.app.inject({ method: 'POST', url: '/api/batch-emails/audience-count', headers: w.headers, payload: { audience } })).json<{ recipientCount: number }>().recipientCount;
    expect(await count({ kind: 'all' })).toBe(4);
    expect(await count({ kind: 'parcels_ready' })).toBe(2);
    expect(await count({ kind: 'unpaid_invoices' })).toBe(1);
    expect(await count({ kind: 'branch', branchId: w.west.id })).toBe(1);
    expect(await count({ kind: 'membership', membershipType: 'gold' })).toBe(1);
    expect(await count({ kind: 'account_type', accountType: 'business' })).toBe(1);

    const response = await send(w.headers, compose({ kind: 'parcels_ready' }));
    expect(response.statusCode).toBe(201);
    const { batch, message } = response.json<{ batch: BatchDetail; message: string }>();
    expect(message).toBe('Batch email queued');
    expect(batch.counts).toEqual({ total: 2, queued: 2, sent: 0, failed: 0, skipped: 0 });
    expect(batch.audienceLabel).toBe('Customers with parcels ready for pickup');
    const list = await recipientsOf(w.headers, batch.id);
    expect(list.data.map((r) => r.customerName).sort()).toEqual(['Andre Ready', 'Tanya Ready']);
  });

  it('an audience nobody matches is 400 and leaves no batch', async () => {
    const w = await world();
    const response = await send(w.headers, compose({ kind: 'membership', membershipType: 'platinum' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Nobody matches this audience/);
    const history = await t.app.inject({ method: 'GET', url: '/api/batch-emails', headers: w.headers });
    expect(history.json().total).toBe(0);
  });
});

describe('batch emails: placeholders, preview and test', () => {
  it('an unknown placeholder is 400 naming it, on the field it is in', async () => {
    const w = await world();
    const response = await send(w.headers, compose({ kind: 'all' }, { body: 'Hello {{frstName}}' }));
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('Unknown placeholder {{frstName}}');
  });

  it('previews as a chosen customer, with the unsubscribe footer, and tests to the admin\'s own address through the outbox', async () => {
    const w = await world();
    const preview = await t.app.inject({ method: 'POST', url: '/api/batch-emails/preview', headers: w.headers, payload: { ...compose({ kind: 'all' }), customerId: w.ready1.id } });
    expect(preview.statusCode).toBe(200);
    const body = preview.json<BatchPreview>();
    expect(body.subject).toBe('News for Tanya');
    expect(body.body).toContain(`Hi Tanya Ready, mailbox ${w.ready1.mailboxNumber} at ${w.courier.name}.`);
    expect(body.body).toMatch(/\/courier\/unsubscribe\?token=/);
    expect(body.recipientCount).toBe(4);

    const test = await t.app.inject({ method: 'POST', url: '/api/batch-emails/test', headers: w.headers, payload: { ...compose({ kind: 'all' }), customerId: w.ready2.id } });
    expect(test.json()).toMatchObject({ success: true, message: 'Test email sent to you', to: w.admin.email });
    const { rows } = await t.database.pool.query(`select subject, courier_id from email_outbox where to_address = $1`, [w.admin.email]);
    expect(rows).toEqual([{ subject: '[Test] News for Andre', courier_id: w.courier.id }]);
  });
});

describe('batch emails: sending', () => {
  it('the job writes one email per recipient through the courier\'s outbox; rerunning it (a restart mid-send) and retrying the request send nobody the batch twice', async () => {
    const w = await world();
    const first = await send(w.headers, compose({ kind: 'all' }), 'batch-key-0001');
    const again = await send(w.headers, compose({ kind: 'all' }), 'batch-key-0001');
    expect(again.json().batch.id).toBe(first.json().batch.id);
    const batchId = first.json<{ batch: BatchDetail }>().batch.id;

    // Two instances at once, in chunks (SKIP LOCKED shares the recipients out).
    await Promise.all([runBatchSends(t.database.db, { deps, chunkSize: 1 }), runBatchSends(t.database.db, { deps, chunkSize: 1 })]);
    // The worst restart: the job is run again as if it had never noted which recipients it wrote.
    await t.database.pool.query(`update email_batch_recipients set outbox_id = null where batch_id = $1`, [batchId]);
    await t.database.pool.query(`update email_batches set status = 'queued' where id = $1`, [batchId]);
    await runBatchSends(t.database.db, { deps });
    const { rows: linked } = await t.database.pool.query(`select count(*)::int as n from email_batch_recipients where batch_id = $1 and outbox_id is not null`, [batchId]);
    expect(linked).toEqual([{ n: 4 }]);
    const emails = await outboxOf(batchId);
    expect(emails.map((e) => e.to_address).sort()).toEqual([w.business.email, w.owing.email, w.ready1.email, w.ready2.email].sort());
    expect(emails.every((e) => e.courier_id === w.courier.id)).toBe(true);
    const tanya = emails.find((e) => e.to_address === w.ready1.email)!;
    expect(tanya.subject).toBe('News for Tanya');
    expect(tanya.text_body).toContain(`mailbox ${w.ready1.mailboxNumber}`);

    // The outbox worker delivers: progress moves to sent, one failure shows as failed with its error.
    await t.database.pool.query(`update email_outbox set status = 'sent', sent_at = now() where batch_recipient_id in (select id from email_batch_recipients where batch_id = $1 and email <> $2)`, [batchId, w.owing.email]);
    await t.database.pool.query(`update email_outbox set status = 'sending' where batch_recipient_id in (select id from email_batch_recipients where batch_id = $1 and email = $2)`, [batchId, w.owing.email]);
    await t.database.pool.query(`update email_outbox set status = 'pending', last_error = 'mailbox full' where batch_recipient_id in (select id from email_batch_recipients where batch_id = $1 and email = $2)`, [batchId, w.owing.email]);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/batch-emails/${batchId}`, headers: w.headers })).json<BatchDetail>();
    expect(detail.counts).toEqual({ total: 4, queued: 0, sent: 3, failed: 1, skipped: 0 });
    expect(detail.status).toBe('completed');
    const failed = (await recipientsOf(w.headers, batchId)).data.find((r) => r.status === 'failed');
    expect(failed).toMatchObject({ email: w.owing.email, error: 'mailbox full' });
    const history = (await t.app.inject({ method: 'GET', url: '/api/batch-emails', headers: w.headers })).json();
    expect(history.data).toMatchObject([{ id: batchId, recipientCount: 4, sent: 3, failed: 1, status: 'completed' }]);
  });
});

describe('batch emails: opting out', () => {
  it('the unsubscribe link works without signing in, at once: an email not yet sent is withdrawn; other batches skip them; transactional email is unaffected', async () => {
    const w = await world();
    const { batch } = (await send(w.headers, compose({ kind: 'parcels_ready' }))).json<{ batch: BatchDetail }>();
    await runBatchSends(t.database.db, { deps });
    const body = (await outboxOf(batch.id)).find((e) => e.to_address === w.ready1.email)!.text_body;
    const token = decodeURIComponent(/unsubscribe\?token=(\S+)/.exec(body)![1]!);

    expect((await t.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { token: `${token.slice(0, -2)}xx` } })).statusCode).toBe(400);
    const unsubscribed = await t.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { token } });
    expect(unsubscribed.json()).toMatchObject({ success: true, courierName: w.courier.name });
    expect((await outboxOf(batch.id)).map((e) => e.to_address)).toEqual([w.ready2.email]);
    expect((await recipientsOf(w.headers, batch.id)).data.find((r) => r.customerId === w.ready1.id)).toMatchObject({ status: 'skipped', error: 'Opted out of marketing email' });

    const next = (await send(w.headers, compose({ kind: 'all' }))).json<{ batch: BatchDetail }>().batch;
    expect(next.counts.total).toBe(3);

    // A parcel update (transactional) still reaches them.
    const [pkg] = await t.database.db.select().from(packages).where(eq(packages.customerId, w.ready1.id));
    await announcePackage(t.database.db, { pkg: pkg!, kind: 'package.status', publicUrl: t.env.publicUrl, notify: true });
    const { rows } = await t.database.pool.query(`select subject from email_outbox where to_address = $1 and batch_recipient_id is null`, [w.ready1.email]);
    expect(rows).toEqual([{ subject: expect.stringContaining(pkg!.packageNo) }]);
  });

  it('a customer switches marketing email off and on from their profile; one who opts out after queuing is skipped by the job', async () => {
    const w = await world();
    const { batch } = (await send(w.headers, compose({ kind: 'parcels_ready' }))).json<{ batch: BatchDetail }>();
    const me = (await signInCustomer(t.app, w.ready2, w.courier.apiKey)).headers;
    expect((await t.app.inject({ method: 'GET', url: '/api/customers/me/marketing-emails', headers: me })).json()).toEqual({ marketingEmails: true });
    const off = await t.app.inject({ method: 'PUT', url: '/api/customers/me/marketing-emails', headers: me, payload: { marketingEmails: false } });
    expect(off.json()).toEqual({ marketingEmails: false, message: 'Email preference saved' });
    await runBatchSends(t.database.db, { deps });
    expect((await outboxOf(batch.id)).map((e) => e.to_address)).toEqual([w.ready1.email]);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/batch-emails/${batch.id}`, headers: w.headers })).json<BatchDetail>();
    expect(detail.counts).toMatchObject({ total: 2, queued: 1, skipped: 1 });
    await t.app.inject({ method: 'PUT', url: '/api/customers/me/marketing-emails', headers: me, payload: { marketingEmails: true } });
    expect((await t.app.inject({ method: 'GET', url: '/api/customers/me/marketing-emails', headers: me })).json()).toEqual({ marketingEmails: true });
  });
});

describe('batch emails: tenancy', () => {
  it('another courier\'s admin gets 404 for a batch, its recipients, a branch audience and a preview customer', async () => {
    const w = await world();
    const other = await world();
    const { batch } = (await send(w.headers, compose({ kind: 'all' }))).json<{ batch: BatchDetail }>();
    expect((await t.app.inject({ method: 'GET', url: `/api/batch-emails/${batch.id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/batch-emails/${batch.id}/recipients`, headers: other.headers })).statusCode).toBe(404);
    expect((await send(other.headers, compose({ kind: 'branch', branchId: w.west.id }))).statusCode).toBe(404);
    const preview = await t.app.inject({ method: 'POST', url: '/api/batch-emails/preview', headers: other.headers, payload: { ...compose({ kind: 'all' }), customerId: w.ready1.id } });
    expect(preview.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/batch-emails', headers: other.headers })).json().data.map((b: { id: string }) => b.id)).not.toContain(batch.id);
  });
});
