import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackageDetail, ReceivePackageResponse } from '@parceldesk/shared/schemas/packages';
import { createTestApp, type TestApp } from '../../test/test-app';
import { formatPackageNumber } from '@parceldesk/shared/domain/packages';
import { makeCourier, makeCustomer, makeUser, signIn } from '../../test/factories';
import { insertPreAlert, packageWorld, upsNumber, uspsNumber, type PackageWorld } from './package-test-kit';

let t: TestApp;
let w: PackageWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await packageWorld(t.app, t.database.db);
});
afterAll(() => t.close());

const receive = (headers: Record<string, string>, payload: object, key?: string) =>
  t.app.inject({ method: 'POST', url: '/api/packages/receive', headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) }, payload });

describe('POST /api/packages/receive', () => {
  it('receives a parcel for a mailbox: numbered per courier, weights computed, pickup branch the customer\'s, history and email', async () => {
    const tracking = upsNumber();
    const response = await receive(w.as.clerk, { trackingNumber: tracking.toLowerCase().replace(/(.{4})/g, '$1 '), mailboxNumber: w.tanya.mailboxNumber.toLowerCase(), weight: 3.2, length: 12, width: 10, height: 8, shipper: 'Amazon' });
    expect(response.statusCode).toBe(201);
    const body = response.json<ReceivePackageResponse>();
    expect(body.outcome).toBe('received');
    const pkg = body.package;
    expect(pkg.packageNumber).toMatch(new RegExp(`^${w.courier.code.toUpperCase()}-P-\\d{7}$`));
    expect(pkg).toMatchObject({
      trackingNumber: tracking, carrier: 'ups', status: 'received', customerId: w.tanya.id, customerName: 'Tanya Brown', mailboxNumber: w.tanya.mailboxNumber,
      weight: 3.2, volumetricWeight: 5.79, chargeableWeight: 6, volumetricDivisor: 166, branchId: w.courier.branch.id, service: 'air', pieces: 1,
    });
    expect(pkg.events.map((e) => [e.kind, e.status])).toEqual([['received', 'received']]);
    const { rows: mail } = await t.database.pool.query(`select to_address, subject, text_body from email_outbox where to_address = $1`, [w.tanya.email]);
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toContain(`Package received: ${pkg.packageNumber}`);
    expect(mail[0].text_body).toContain('3.20 lb (chargeable 6 lb)');
    const { rows: notes } = await t.database.pool.query(`select title from notifications where customer_id = $1`, [w.tanya.id]);
    expect(notes.map((n) => n.title)).toContain(`Package received: ${pkg.packageNumber}`);

    const next = (await receive(w.as.clerk, { trackingNumber: upsNumber(), customerId: w.andre.id, weight: 1 })).json<ReceivePackageResponse>().package;
    expect(Number(next.packageNumber.slice(-7))).toBe(Number(pkg.packageNumber.slice(-7)) + 1);
  });

  it('writes the number the statement takes into every row it writes with it, formatted as formatPackageNumber does past seven digits', async () => {
    const courier = await makeCourier(t.database.db);
    const admin = (await signIn(t.app, await makeUser(t.database.db, { role: 'courier_admin', courier }))).headers;
    const customer = await makeCustomer(t.database.db, courier);
    await t.database.pool.query(`insert into courier_counters (courier_id, kind, last_no) values ($1, 'package', 9999998)`, [courier.id]);
    const numbers: string[] = [];
    for (let n = 0; n < 2; n += 1) {
      const response = await receive(admin, { trackingNumber: upsNumber(), customerId: customer.id, weight: 1 });
      expect(response.statusCode, response.body).toBe(201);
      numbers.push(response.json<ReceivePackageResponse>().package.packageNumber);
    }
    expect(numbers).toEqual([formatPackageNumber(courier.code, 9999999), formatPackageNumber(courier.code, 10000000)]);
    const last = numbers[1]!;
    const { rows: [written] } = await t.database.pool.query(`select
      (select details->>'packageNo' from audit_logs where courier_id = $1 and action = 'package.received' order by created_at desc limit 1) as audit,
      (select link from notifications where customer_id = $2 order by created_at desc limit 1) as link,
      (select text_body from email_outbox where to_address = $3 order by created_at desc limit 1) as mail`, [courier.id, customer.id, customer.email]);
    expect(written.audit).toBe(last);
    expect(written.link).toBe(`/customer/packages?package=${encodeURIComponent(last)}`);
    expect(written.mail).toContain(`We received your package ${last} (tracking`);
    expect(JSON.stringify(written)).not.toMatch(/PKGNO/);
  });

  it('matches a pre-alert scanned with the USPS 420+ZIP prefix and carries its details over', async () => {
    const tracking = uspsNumber();
    const preAlert = await insertPreAlert(t.database.db, w.courier, w.andre.id, tracking);
    const response = await receive(w.as.clerk, { trackingNumber: `42033198${tracking}`.replace('42033198', '420 33198 '), weight: 2 });
    expect(response.statusCode).toBe(201);
    const body = response.json<ReceivePackageResponse>();
    expect(body.outcome).toBe('matched_pre_alert');
    expect(body.package).toMatchObject({ trackingNumber: tracking, customerId: w.andre.id, shipper: 'Amazon', description: 'Running shoes', declaredValue: 89.99, service: 'sea', carrier: 'usps', preAlertId: preAlert.id });
    const { rows } = await t.database.pool.query(`select status, package_id from pre_alerts where id = $1`, [preAlert.id]);
    expect(rows[0]).toEqual({ status: 'received', package_id: body.package.id });
  });

  it('leaves a parcel nobody matches unknown, keeping what the label says, and tells no customer', async () => {
    const response = await receive(w.as.clerk, { trackingNumber: upsNumber(), mailboxNumber: 'ZZZ-999999', labelName: 'T. Brwn', weight: 4 });
    expect(response.statusCode).toBe(201);
    const body = response.json<ReceivePackageResponse>();
    expect(body.outcome).toBe('unknown');
    expect(body.package).toMatchObject({ status: 'unknown', customerId: null, labelName: 'T. Brwn', labelMailbox: 'ZZZ-999999', customerName: 'T. Brwn' });
  });

  it('a second scan of the same number (any spelling) opens the first package and creates nothing', async () => {
    const tracking = upsNumber();
    const first = (await receive(w.as.clerk, { trackingNumber: tracking, customerId: w.tanya.id, weight: 1 })).json<ReceivePackageResponse>();
    const again = await receive(w.as.admin, { trackingNumber: tracking.toLowerCase().split('').join(' '), weight: 9 });
    expect(again.statusCode).toBe(200);
    expect(again.json<ReceivePackageResponse>()).toMatchObject({ outcome: 'existing', message: 'A package with this tracking number has already been received', package: { id: first.package.id, weight: 1 } });
    const { rows } = await t.database.pool.query(`select count(*)::int as n from packages where tracking_number = $1`, [tracking]);
    expect(rows[0].n).toBe(1);
  });

  it('a scan is 7 statements in 6 round trips: session, BEGIN, the number\'s lock, one read, the writes with COMMIT behind them, the answer', async () => {
    t.statements.reset();
    const response = await receive(w.as.clerk, { trackingNumber: upsNumber(), mailboxNumber: w.tanya.mailboxNumber, weight: 2 });
    expect(response.statusCode).toBe(201);
    const texts = [...t.statements.texts];
    expect(texts.length, texts.join('\n---\n')).toBeLessThanOrEqual(7);
    // The writes' statement and COMMIT are sent together (db/statement-then-commit.ts).
    expect(texts.at(-2)).toBe('commit');
    expect(texts.at(-3)).toContain('package_counter');
    expect(response.json<ReceivePackageResponse>().package.events).toHaveLength(1);
  });

  it('ten stations scanning one parcel at the same moment make one package, with no number skipped', async () => {
    const tracking = upsNumber();
    const answers = await Promise.all(Array.from({ length: 10 }, () => receive(w.as.clerk, { trackingNumber: tracking, customerId: w.tanya.id, weight: 1.5 }, randomUUID())));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(answers.map((a) => a.json<ReceivePackageResponse>().package.id));
    expect(ids.size).toBe(1);
    const { rows } = await t.database.pool.query(`select count(*)::int as n from packages where tracking_number = $1`, [tracking]);
    expect(rows[0].n).toBe(1);
    // The numbers stay dense: as many numbers handed out as packages exist.
    const { rows: dense } = await t.database.pool.query(
      `select (select last_no from courier_counters where courier_id = $1 and kind = 'package')::int as last, count(*)::int as n from packages where courier_id = $1`, [w.courier.id]);
    expect(dense[0].last).toBe(dense[0].n);
  });

  it('an Idempotency-Key replays the first answer, and refuses a different request', async () => {
    const key = `scan-${randomUUID()}`;
    const payload = { trackingNumber: upsNumber(), customerId: w.tanya.id, weight: 2.25 };
    const first = await receive(w.as.clerk, payload, key);
    const replay = await receive(w.as.clerk, payload, key);
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.json<ReceivePackageResponse>().package.id).toBe(first.json<ReceivePackageResponse>().package.id);
    const other = await receive(w.as.clerk, { ...payload, weight: 3 }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('This Idempotency-Key was already used for a different request');
    expect((await receive(w.as.clerk, payload, 'bad key!')).statusCode).toBe(400);
  });

  it('refuses bad weights with the field message and stores nothing', async () => {
    for (const [weight, message] of [[0, 'Weight must be more than 0 lb'], [10000, 'Weight must be at most 1,000 lb'], [1.234, 'Use at most 2 decimals']] as const) {
      const response = await receive(w.as.clerk, { trackingNumber: 'BADWEIGHT1', weight });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const { rows } = await t.database.pool.query(`select count(*)::int as n from packages where tracking_number = 'BADWEIGHT1'`);
    expect(rows[0].n).toBe(0);
  });

  it('needs packages_scan; another courier\'s customer is 404; a super admin names the courier', async () => {
    expect((await receive(w.as.noPackages, { trackingNumber: upsNumber(), weight: 1 })).statusCode).toBe(403);
    expect((await receive(w.as.tanya, { trackingNumber: upsNumber(), weight: 1 })).statusCode).toBe(403);
    const other = await makeCourier(t.database.db);
    const otherAdmin = await makeUser(t.database.db, { role: 'courier_admin', courier: other });
    expect((await receive((await signIn(t.app, otherAdmin)).headers, { trackingNumber: upsNumber(), customerId: w.tanya.id, weight: 1 })).statusCode).toBe(404);
    const superAdmin = (await signIn(t.app, await makeUser(t.database.db, { role: 'super_admin' }))).headers;
    expect((await receive(superAdmin, { trackingNumber: upsNumber(), weight: 1 })).statusCode).toBe(400);
    const made = await receive(superAdmin, { trackingNumber: upsNumber(), weight: 1, courierId: w.courier.id, customerId: w.andre.id });
    expect(made.statusCode).toBe(201);
    expect(made.json<{ package: PackageDetail }>().package.courierId).toBe(w.courier.id);
  });
});
