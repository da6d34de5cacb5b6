import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeCustomer, makeUser, signIn, type TestCourier } from '../../test/factories';
import { startSmtpReceiver, type SmtpReceiver } from '../../test/smtp-receiver';
import { enqueueEmail } from '../../mail/outbox';
import { SMTP_HOST_NOT_PUBLIC } from '../../mail/smtp-transport';
import { databaseSecretBox } from '../../security/encryption';
import { auditActions, makeAdminOfNewCourier, makeSettingsWorld, UNKNOWN_ID, type Headers, type SettingsWorld } from './test-kit';
import { EMAIL_CONFIG_MSG } from './email-config.service';

const SMTP_USER = 'mailer@islandexpress.test';
const SMTP_PASS = 'Sup3r-Secret-Smtp!';

let platform: SmtpReceiver;
let courierSmtp: SmtpReceiver;
let t: TestApp;
let w: SettingsWorld;

beforeAll(async () => {
  platform = await startSmtpReceiver();
  courierSmtp = await startSmtpReceiver({ auth: { user: SMTP_USER, pass: SMTP_PASS } });
  t = await createTestApp({ SMTP_URL: platform.url }, { startWorkers: true });
  w = await makeSettingsWorld(t);
});
afterAll(async () => {
  await t.close();
  await platform.close();
  await courierSmtp.close();
});

const url = (courierId: string, suffix = '') => `/api/settings/couriers/${courierId}/email-config${suffix}`;
const config = (overrides: Record<string, unknown> = {}) => ({
  smtp_host: '127.0.0.1', smtp_port: courierSmtp.port, smtp_user: SMTP_USER, smtp_password: SMTP_PASS,
  from_email: 'hello@islandexpress.test', from_name: 'Island Express', status: 'active', ...overrides,
});
const save = (headers: Headers, courierId: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: url(courierId), headers, payload });
const read = (headers: Headers, courierId: string) => t.app.inject({ method: 'GET', url: url(courierId), headers });
const sendTest = (headers: Headers, courierId: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: url(courierId, '/test'), headers, payload });
const storedCipher = async (courierId: string) =>
  (await t.database.pool.query<{ smtp_password_encrypted: string }>(`select smtp_password_encrypted from courier_email_configs where courier_id = $1`, [courierId])).rows[0]?.smtp_password_encrypted;
const outboxRow = async (to: string) =>
  (await t.database.pool.query<{ status: string; attempts: number; last_error: string | null }>(`select status, attempts, last_error from email_outbox where to_address = $1`, [to])).rows[0];

describe('GET and POST /api/settings/couriers/{id}/email-config', () => {
  it('saves the settings, never answers with the password, and stores it only encrypted', async () => {
    const { courier, headers } = await makeAdminOfNewCourier(t);
    const empty = await read(headers, courier.id);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ success: true, data: null });

    const saved = await save(headers, courier.id, config({ smtp_port: '587' }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ success: true, message: SETTINGS_MSG.emailConfigSaved });

    const view = await read(headers, courier.id);
    expect(view.json()).toEqual({
      success: true,
      data: { smtp_host: '127.0.0.1', smtp_port: 587, smtp_user: SMTP_USER, from_email: 'hello@islandexpress.test', from_name: 'Island Express', status: 'active', has_password: true },
    });
    for (const response of [saved, view]) expect(response.body).not.toContain(SMTP_PASS);

    const cipher = await storedCipher(courier.id);
    expect(cipher).toMatch(/^v1\./);
    expect(cipher).not.toContain(SMTP_PASS);
    expect(Buffer.from(cipher ?? '', 'utf8').includes(Buffer.from(SMTP_PASS))).toBe(false);
    const box = await databaseSecretBox(t.env);
    expect(box.decrypt(cipher ?? '', courier.id)).toBe(SMTP_PASS);
    // The ciphertext is bound to its courier: copied to another courier's row it does not open.
    expect(() => box.decrypt(cipher ?? '', w.courierB.id)).toThrow();

    const [audit] = await auditActions(t, courier.id, 'settings.email_config_saved');
    expect(JSON.stringify(audit)).not.toContain(SMTP_PASS);
    expect(audit?.details).toMatchObject({ passwordChanged: true, status: 'active' });
  });

  it('keeps the stored password when the form leaves it empty, and requires one when none is stored', async () => {
    const { courier, headers } = await makeAdminOfNewCourier(t);
    const first = await save(headers, courier.id, config({ smtp_password: '' }));
    expect(first.statusCode).toBe(400);
    expect(first.json()).toEqual({ message: SETTINGS_MSG.smtpPasswordRequired, fieldErrors: { smtp_password: SETTINGS_MSG.smtpPasswordRequired } });
    expect((await read(headers, courier.id)).json().data).toBeNull();

    expect((await save(headers, courier.id, config())).statusCode).toBe(200);
    const cipher = await storedCipher(courier.id);
    const kept = await save(headers, courier.id, config({ smtp_password: '', from_name: 'Island Express Ltd', status: 'inactive' }));
    expect(kept.statusCode).toBe(200);
    expect(await storedCipher(courier.id)).toBe(cipher);
    expect((await read(headers, courier.id)).json().data).toMatchObject({ from_name: 'Island Express Ltd', status: 'inactive', has_password: true });
    const omitted = await save(headers, courier.id, { ...config(), smtp_password: undefined });
    expect(omitted.statusCode).toBe(200);
    expect(await storedCipher(courier.id)).toBe(cipher);

    expect((await save(headers, courier.id, config({ smtp_password: 'another-password' }))).statusCode).toBe(200);
    expect(await storedCipher(courier.id)).not.toBe(cipher);
  });

  it('answers every missing or malformed field with the form\'s message', async () => {
    const { courier, headers } = await makeAdminOfNewCourier(t);
    const cases: [Record<string, unknown>, string, string][] = [
      [config({ smtp_host: '  ' }), 'smtp_host', SETTINGS_MSG.smtpHostRequired],
      [config({ smtp_port: 'abc' }), 'smtp_port', SETTINGS_MSG.smtpPortInvalid],
      [config({ smtp_port: 70000 }), 'smtp_port', SETTINGS_MSG.smtpPortInvalid],
      [config({ smtp_user: '' }), 'smtp_user', SETTINGS_MSG.smtpUserRequired],
      [config({ from_email: 'not-an-email' }), 'from_email', SETTINGS_MSG.fromEmailInvalid],
      [config({ from_name: '' }), 'from_name', SETTINGS_MSG.fromNameRequired],
    ];
    for (const [payload, field, message] of cases) {
      const response = await save(headers, courier.id, payload);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().fieldErrors[field]).toBe(message);
    }
    expect((await read(headers, courier.id)).json().data).toBeNull();
  });

  it('keeps each courier\'s configuration to itself: another courier\'s id is 404, staff and customers 403', async () => {
    expect((await save(w.adminA, w.courierA.id, config())).statusCode).toBe(200);
    expect((await read(w.adminB, w.courierA.id)).statusCode).toBe(404);
    expect((await save(w.adminB, w.courierA.id, config({ smtp_host: 'smtp.evil.example' }))).statusCode).toBe(404);
    expect((await sendTest(w.adminB, w.courierA.id, { test_email: 'x@example.com' })).statusCode).toBe(404);
    expect((await read(w.adminA, UNKNOWN_ID)).statusCode).toBe(404);
    for (const headers of [w.staff, w.manager, w.customer]) {
      expect((await read(headers, w.courierA.id)).statusCode).toBe(403);
      expect((await save(headers, w.courierA.id, config())).statusCode).toBe(403);
      expect((await sendTest(headers, w.courierA.id, { test_email: 'x@example.com' })).statusCode).toBe(403);
    }
    expect((await read({}, w.courierA.id)).statusCode).toBe(401);
    expect((await read(w.adminA, w.courierA.id)).json().data.smtp_host).toBe('127.0.0.1');
    const bySuperAdmin = await read(w.superAdmin, w.courierA.id);
    expect(bySuperAdmin.statusCode).toBe(200);
    expect(bySuperAdmin.body).not.toContain(SMTP_PASS);
  });
});

describe('POST /api/settings/couriers/{id}/email-config/test', () => {
  it('really sends through the courier\'s SMTP server, as its sender', async () => {
    const { courier, headers } = await makeAdminOfNewCourier(t);
    expect((await save(headers, courier.id, config())).statusCode).toBe(200);
    const response = await sendTest(headers, courier.id, { test_email: 'owner@example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: EMAIL_CONFIG_MSG.testSent('owner@example.com') });
    const email = await courierSmtp.waitFor((m) => m.to.includes('owner@example.com'));
    expect(email.user).toBe(SMTP_USER);
    expect(email.subject).toBe(`Test email from ${courier.name}`);
    expect(email.raw).toMatch(/^From: "?Island Express"? <hello@islandexpress\.test>/m);
    expect(platform.received.some((m) => m.to.includes('owner@example.com'))).toBe(false);
  });

  it('says the sign-in was refused or the server unreachable, without echoing the raw answer (issue 15), and asks for a saved configuration first', async () => {
    const { courier, headers } = await makeAdminOfNewCourier(t);
    const unsaved = await sendTest(headers, courier.id, { test_email: 'owner@example.com' });
    expect(unsaved.statusCode).toBe(400);
    expect(unsaved.json()).toEqual({ message: EMAIL_CONFIG_MSG.notConfigured });

    expect((await save(headers, courier.id, config({ smtp_password: 'wrong-password' }))).statusCode).toBe(200);
    const refused = await sendTest(headers, courier.id, { test_email: 'owner@example.com' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe(EMAIL_CONFIG_MSG.testFailedAuth);
    expect(refused.body).not.toContain('wrong-password');

    expect((await save(headers, courier.id, config({ smtp_port: 1 }))).statusCode).toBe(200);
    const unreachable = await sendTest(headers, courier.id, { test_email: 'owner@example.com' });
    expect(unreachable.statusCode).toBe(502);
    expect(unreachable.json().message).toBe(EMAIL_CONFIG_MSG.testFailed);
    expect(unreachable.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|:1\b/);
  });

  it('asks for an address and refuses a malformed one with the modal\'s messages', async () => {
    const { courier, headers } = await makeAdminOfNewCourier(t);
    for (const [payload, message] of [
      [{}, SETTINGS_MSG.testEmailRequired],
      [{ test_email: '  ' }, SETTINGS_MSG.testEmailRequired],
      [{ test_email: 'owner@' }, SETTINGS_MSG.testEmailInvalid],
    ] as const) {
      const response = await sendTest(headers, courier.id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors.test_email).toBe(message);
    }
  });
});

describe('the outbox and the courier\'s own SMTP server', () => {
  async function customerReset(courier: TestCourier) {
    const customer = await makeCustomer(t.database.db, courier);
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: customer.email, api_key: courier.apiKey } });
    expect(response.statusCode).toBe(200);
    // The reset email is queued just after the answer (issue 15, item 11).
    await expect.poll(() => outboxRow(customer.email)).toBeTruthy();
    return customer.email;
  }

  it('holds a courier\'s email while its configuration is inactive, then sends it through that server once active', async () => {
    const { courier, headers } = await makeAdminOfNewCourier(t);
    expect((await save(headers, courier.id, config({ status: 'inactive' }))).statusCode).toBe(200);
    const to = await customerReset(courier);
    await t.app.outbox?.flush();
    await t.app.outbox?.flush();
    expect(await outboxRow(to)).toEqual({ status: 'pending', attempts: 0, last_error: null });
    expect([...platform.received, ...courierSmtp.received].some((m) => m.to.includes(to))).toBe(false);

    // Activating the configuration wakes the outbox: the held email leaves through the courier's server.
    expect((await save(headers, courier.id, config({ smtp_password: '', status: 'active' }))).statusCode).toBe(200);
    const email = await courierSmtp.waitFor((m) => m.to.includes(to));
    expect(email.user).toBe(SMTP_USER);
    expect(email.raw).toMatch(/^From: "?Island Express"? <hello@islandexpress\.test>/m);
    await expect.poll(async () => (await outboxRow(to))?.status).toBe('sent');
    expect(platform.received.some((m) => m.to.includes(to))).toBe(false);
  });

  it('uses the platform server for a courier without a configuration, and picks up a changed password at once', async () => {
    const plain = await makeAdminOfNewCourier(t);
    const viaPlatform = await customerReset(plain.courier);
    await platform.waitFor((m) => m.to.includes(viaPlatform));

    const { courier, headers } = await makeAdminOfNewCourier(t);
    expect((await save(headers, courier.id, config({ smtp_password: 'wrong-password' }))).statusCode).toBe(200);
    const to = `held-${courier.id}@example.com`;
    await enqueueEmail(t.database.db, { courierId: courier.id, to, subject: 'Your package arrived', text: 'Come and collect it.' });
    await expect.poll(async () => (await outboxRow(to))?.last_error ?? '').toMatch(/535/);
    expect(await outboxRow(to)).toMatchObject({ status: 'pending', attempts: 1 });

    expect((await save(headers, courier.id, config())).statusCode).toBe(200);
    await t.database.pool.query(`update email_outbox set next_attempt_at = now() where to_address = $1`, [to]);
    await t.app.outbox?.flush();
    const email = await courierSmtp.waitFor((m) => m.to.includes(to));
    expect(email.subject).toBe('Your package arrived');
    expect(await outboxRow(to)).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('private SMTP hosts when ALLOW_PRIVATE_SMTP is off', () => {
  let strict: TestApp;
  let headers: Headers;
  let courierId: string;

  beforeAll(async () => {
    strict = await createTestApp({ ALLOW_PRIVATE_SMTP: 'false' }, { startWorkers: true });
    const { courier } = { courier: (await makeAdminOfNewCourier(strict)).courier };
    courierId = courier.id;
    headers = (await signIn(strict.app, await makeUser(strict.database.db, { role: 'courier_admin', courier }))).headers;
  });
  afterAll(() => strict.close());

  it('refuses loopback and private addresses, whether typed as an address or a name that resolves to one', async () => {
    for (const host of ['127.0.0.1', '10.1.2.3', '192.168.1.10', '169.254.169.254', '::1', 'fd00::1']) {
      const response = await strict.app.inject({ method: 'POST', url: url(courierId), headers, payload: config({ smtp_host: host }) });
      expect(response.statusCode, host).toBe(400);
      expect(response.json()).toEqual({ message: SMTP_HOST_NOT_PUBLIC, fieldErrors: { smtp_host: SMTP_HOST_NOT_PUBLIC } });
    }
    // A name is judged by what it resolves to, when it is used.
    expect((await strict.app.inject({ method: 'POST', url: url(courierId), headers, payload: config({ smtp_host: 'localhost' }) })).statusCode).toBe(200);
    const test = await strict.app.inject({ method: 'POST', url: url(courierId, '/test'), headers, payload: { test_email: 'owner@example.com' } });
    expect(test.statusCode).toBe(400);
    expect(test.json().message).toBe(SMTP_HOST_NOT_PUBLIC);
    expect(courierSmtp.received.some((m) => m.to.includes('owner@example.com') && m.subject.includes('strict'))).toBe(false);

    // The outbox applies the same rule: the email is not sent and waits, with the reason recorded.
    const to = `strict-${courierId}@example.com`;
    await enqueueEmail(strict.database.db, { courierId, to, subject: 'strict', text: 'never sent' });
    await strict.app.outbox?.flush();
    const { rows } = await strict.database.pool.query(`select status, last_error from email_outbox where to_address = $1`, [to]);
    expect(rows[0]).toEqual({ status: 'pending', last_error: SMTP_HOST_NOT_PUBLIC });
  });
});
