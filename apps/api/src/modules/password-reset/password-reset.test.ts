import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@parceldesk/shared/messages';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeCourier, makeCustomer, makeUser, signIn, signInCustomer, TEST_PASSWORD, uniqueEmail, type TestCourier } from '../../test/factories';
import { linkIn, startSmtpReceiver, type SmtpReceiver } from '../../test/smtp-receiver';

let smtp: SmtpReceiver;
let t: TestApp;
let courierA: TestCourier;
let courierB: TestCourier;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await createTestApp({ SMTP_URL: smtp.url }, { startWorkers: true });
  courierA = await makeCourier(t.database.db);
  courierB = await makeCourier(t.database.db);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const post = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, payload });
const requestReset = (payload: Record<string, unknown>) => post('/api/auth/request-password-reset', payload);

/** Asks for a reset and returns the link from the email that arrives. */
async function resetLinkFor(email: string, apiKey?: string): Promise<URL> {
  const before = smtp.received.length;
  const response = await requestReset({ email, api_key: apiKey });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ success: true, message: MSG.resetEmailSent });
  const message = await smtp.waitFor((m) => smtp.received.indexOf(m) >= before && m.to.includes(email));
  return new URL(linkIn(message));
}

describe('staff-side password reset, through a real mailbox', () => {
  it('emails a working single-use link and ends the old sessions', async () => {
    const staff = await makeUser(t.database.db, { role: 'staff', courier: courierA });
    const oldSession = await signIn(t.app, staff);

    const link = await resetLinkFor(staff.email);
    expect(link.pathname).toBe('/courier/reset-password');
    const token = link.searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await post('/api/auth/reset-password', { token, newPassword: 'fresh-start-1' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: MSG.resetSuccess });

    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: oldSession.headers })).statusCode).toBe(401);
    const oldPassword = await post('/api/auth/staff/login', { email: staff.email, password: TEST_PASSWORD });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await post('/api/auth/staff/login', { email: staff.email, password: 'fresh-start-1' });
    expect(newPassword.statusCode).toBe(200);

    const reuse = await post('/api/auth/reset-password', { token, newPassword: 'second-try-1' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ message: MSG.resetTokenInvalid });
    expect((await post('/api/auth/staff/login', { email: staff.email, password: 'fresh-start-1' })).statusCode).toBe(200);
  });

  it('brands the email with the courier and finds the account whatever the email case', async () => {
    const admin = await makeUser(t.database.db, { role: 'courier_admin', courier: courierA });
    const before = smtp.received.length;
    expect((await requestReset({ email: `  ${admin.email.toUpperCase()} ` })).statusCode).toBe(200);
    const message = await smtp.waitFor((m) => smtp.received.indexOf(m) >= before && m.to.includes(admin.email));
    expect(message.subject).toContain(courierA.name);
  });

  it('refuses an expired link', async () => {
    const staff = await makeUser(t.database.db, { role: 'branch_manager', courier: courierA });
    const token = (await resetLinkFor(staff.email)).searchParams.get('token');
    await t.database.pool.query(
      `update password_reset_tokens set expires_at = now() - interval '1 minute' where principal_id = $1`,
      [staff.id],
    );
    const response = await post('/api/auth/reset-password', { token, newPassword: 'too-late-123' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: MSG.resetTokenInvalid });
    expect((await post('/api/auth/staff/login', { email: staff.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('refuses a made-up token and a missing one', async () => {
    const madeUp = await post('/api/auth/reset-password', { token: 'not-a-real-token', newPassword: 'whatever-123' });
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json()).toEqual({ message: MSG.resetTokenInvalid });
    const missing = await post('/api/auth/reset-password', { newPassword: 'whatever-123' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({ token: MSG.resetTokenMissing });
  });

  it('refuses a new password under 8 characters without using up the link', async () => {
    const staff = await makeUser(t.database.db, { role: 'staff', courier: courierA });
    const token = (await resetLinkFor(staff.email)).searchParams.get('token');
    const short = await post('/api/auth/reset-password', { token, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors).toEqual({ newPassword: MSG.resetPasswordMin });
    expect((await post('/api/auth/reset-password', { token, newPassword: 'long-enough-1' })).statusCode).toBe(200);
  });

  it('gives the same answer for an unknown email and sends nothing', async () => {
    const nobody = uniqueEmail('nobody');
    const response = await requestReset({ email: nobody });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: MSG.resetEmailSent });
    await t.app.outbox?.flush();
    const { rows } = await t.database.pool.query(`select count(*)::int as n from email_outbox where to_address = $1`, [nobody]);
    expect(rows[0].n).toBe(0);
    expect(smtp.received.some((m) => m.to.includes(nobody))).toBe(false);
  });

  it('sends nothing to a deactivated user', async () => {
    const staff = await makeUser(t.database.db, { role: 'staff', courier: courierA, isActive: false });
    expect((await requestReset({ email: staff.email })).statusCode).toBe(200);
    const { rows } = await t.database.pool.query(`select count(*)::int as n from email_outbox where to_address = $1`, [staff.email]);
    expect(rows[0].n).toBe(0);
  });
});

describe('customer password reset, through a real mailbox', () => {
  it('links to the customer portal of the courier and resets the password there', async () => {
    const customer = await makeCustomer(t.database.db, courierA);
    const oldSession = await signInCustomer(t.app, customer, courierA.apiKey);

    const link = await resetLinkFor(customer.email, courierA.apiKey);
    expect(link.pathname).toBe('/courier/customer-reset-password');
    expect(link.searchParams.get('api_key')).toBe(courierA.apiKey);
    const token = link.searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await post('/api/auth/customer/reset-password', { token, newPassword: 'customer-fresh-1', api_key: courierA.apiKey });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: MSG.resetSuccess });

    expect((await t.app.inject({ method: 'GET', url: '/api/customers/profile', headers: oldSession.headers })).statusCode).toBe(401);
    const relogin = await post('/api/customers/login', { email: customer.email, password: 'customer-fresh-1', api_key: courierA.apiKey });
    expect(relogin.statusCode).toBe(200);
    const again = await post('/api/auth/customer/reset-password', { token, newPassword: 'customer-fresh-2', api_key: courierA.apiKey });
    expect(again.statusCode).toBe(400);
  });

  it('refuses a customer\'s link used with another courier\'s api_key, and the link still works at home', async () => {
    const customer = await makeCustomer(t.database.db, courierA);
    const token = (await resetLinkFor(customer.email, courierA.apiKey)).searchParams.get('token');
    const elsewhere = await post('/api/auth/customer/reset-password', { token, newPassword: 'hijacked-pass-1', api_key: courierB.apiKey });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual({ message: MSG.resetTokenInvalid });
    const home = await post('/api/auth/customer/reset-password', { token, newPassword: 'rightful-pass-1', api_key: courierA.apiKey });
    expect(home.statusCode).toBe(200);
  });

  it('does not accept a customer link at the staff endpoint, nor a staff link at the customer endpoint', async () => {
    const customer = await makeCustomer(t.database.db, courierA);
    const customerToken = (await resetLinkFor(customer.email, courierA.apiKey)).searchParams.get('token');
    expect((await post('/api/auth/reset-password', { token: customerToken, newPassword: 'cross-over-1' })).statusCode).toBe(400);

    const staff = await makeUser(t.database.db, { role: 'staff', courier: courierA });
    const staffToken = (await resetLinkFor(staff.email)).searchParams.get('token');
    expect((await post('/api/auth/customer/reset-password', { token: staffToken, newPassword: 'cross-over-1', api_key: courierA.apiKey })).statusCode).toBe(400);
  });

  it('sends nothing when the api_key names a courier the customer does not belong to', async () => {
    const customer = await makeCustomer(t.database.db, courierA);
    expect((await requestReset({ email: customer.email, api_key: courierB.apiKey })).statusCode).toBe(200);
    expect((await requestReset({ email: customer.email, api_key: 'pk_unknown' })).statusCode).toBe(200);
    const { rows } = await t.database.pool.query(`select count(*)::int as n from email_outbox where to_address = $1`, [customer.email]);
    expect(rows[0].n).toBe(0);
  });
});

describe('reset rate limit per IP', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_IP_MAX: '2' });
  });
  afterAll(() => limited.close());

  it('answers 429 once one address has asked too often', async () => {
    const ask = () => limited.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: uniqueEmail('flood') } });
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(200);
    const third = await ask();
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ message: MSG.tooManyAttempts });
  });

  it('limits the reset endpoint itself', async () => {
    const other = await createTestApp({ RATE_LIMIT_IP_MAX: '1' });
    try {
      const reset = () => other.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: 'guess', newPassword: 'guessing-123' } });
      expect((await reset()).statusCode).toBe(400);
      const second = await reset();
      expect(second.statusCode).toBe(429);
      expect(second.json()).toEqual({ message: MSG.tooManyAttempts });
    } finally {
      await other.close();
    }
  });
});

describe('reset rate limit per account', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_ACCOUNT_MAX: '2' });
  });
  afterAll(() => limited.close());

  it('stops flooding one mailbox with reset emails', async () => {
    const courier = await makeCourier(limited.database.db);
    const staff = await makeUser(limited.database.db, { role: 'staff', courier });
    const ask = () => limited.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: staff.email } });
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(429);
    // The emails are queued just after each answer.
    const queued = async () => (await limited.database.pool.query(`select count(*)::int as n from email_outbox where to_address = $1`, [staff.email])).rows[0].n as number;
    await expect.poll(queued, { timeout: 5_000 }).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await queued()).toBe(2);
  });
});

describe('reset request enumeration (issue 15, item 11)', () => {
  it('answers a known and an unknown email with the same body, in the same time (medians compared within this run)', async () => {
    const courier = await makeCourier(t.database.db);
    const known = await makeUser(t.database.db, { role: 'staff', courier });
    const timed = async (email: string) => {
      const started = process.hrtime.bigint();
      const response = await requestReset({ email });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // The account's work runs after the answer: let it finish before the next request is timed,
      // so a known email's token and email do not land inside the unknown request measured next.
      await t.app.afterResponse.idle();
      return { ms, status: response.statusCode, body: response.body };
    };
    const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? 0;
    for (let i = 0; i < 5; i += 1) await timed(uniqueEmail('warm')); // warm-up
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      const a = await timed(known.email);
      const b = await timed(uniqueEmail('nobody'));
      expect(a.status).toBe(200);
      expect(a.body).toBe(b.body);
      knownMs.push(a.ms);
      unknownMs.push(b.ms);
    }
    // The account's work (token, email) happens after the answer: no measurable difference is left.
    expect(median(knownMs)).toBeLessThan(median(unknownMs) * 1.25 + 0.75);
  });
});
