import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICING_MSG } from '@parceldesk/shared/schemas/pricing-settings';
import { MEASURE_MSG } from '@parceldesk/shared/domain/packages';
import { PLATFORM_MSG, type PlatformSettingsInput } from '@parceldesk/shared/schemas/platform-settings';
import { SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import { TICKET_MSG } from '@parceldesk/shared/schemas/tickets';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeCourier, makeCustomer, makeUser, signIn, signInCustomer, unique, uniqueEmail } from '../../test/factories';
import { startSmtpReceiver, type SmtpReceiver } from '../../test/smtp-receiver';

let t: TestApp;
let smtp: SmtpReceiver;
let superAdmin: Record<string, string>;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'ParcelDesk <no-reply@parceldesk.local>' }, { startWorkers: true });
  superAdmin = (await signIn(t.app, await makeUser(t.database.db, { role: 'super_admin' }))).headers;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, payload });

/** The figures of shared/domain.md that migration 0019 starts the platform with. */
const INITIAL: PlatformSettingsInput = {
  fees: { gct: 15, unknownFee: 0, uncollectedFee: 0, switchingFee: 0 },
  volumetricDivisor: 166,
  storageRules: { thresholdDays: 15, reminderDays: [7, 14], feeMode: 'once', capCents: null, abandonmentDays: 60 },
  ticketDepartments: ['General', 'Billing', 'Shipping', 'Customs'],
  membershipRates: [
    { membershipType: 'standard', freightDiscountPercent: 0, waiveProcessingFee: false },
    { membershipType: 'student', freightDiscountPercent: 0, waiveProcessingFee: false },
    { membershipType: 'bpo_employee', freightDiscountPercent: 0, waiveProcessingFee: false },
    { membershipType: 'civil_servant', freightDiscountPercent: 0, waiveProcessingFee: false },
  ],
  sender: { name: null, email: null },
};

const CHANGED: PlatformSettingsInput = {
  fees: { gct: 16.5, unknownFee: 750, uncollectedFee: 300.5, switchingFee: 200 },
  volumetricDivisor: 139,
  storageRules: { thresholdDays: 10, reminderDays: [9, 3], feeMode: 'per_day', capCents: 150_000, abandonmentDays: 45 },
  ticketDepartments: ['Counter', 'Accounts'],
  membershipRates: [
    { membershipType: 'standard', freightDiscountPercent: 0, waiveProcessingFee: false },
    { membershipType: 'student', freightDiscountPercent: 10, waiveProcessingFee: true },
    { membershipType: 'bpo_employee', freightDiscountPercent: 5, waiveProcessingFee: false },
    { membershipType: 'civil_servant', freightDiscountPercent: 7.5, waiveProcessingFee: false },
  ],
  sender: { name: 'Island Network', email: 'hello@network.test' },
};

/** What a courier's own settings screens show for it, read as the super admin. */
async function courierSettings(courierId: string) {
  const read = async (path: string) => (await api('GET', `${path}?courierId=${courierId}`, superAdmin)).json();
  const [fees, storage, divisor, tickets, membership] = await Promise.all([
    read('/settings/additional-fees'), read('/settings/storage-rules'), read('/settings/volumetric-divisor'),
    read('/tickets/settings'), read('/settings/membership-rates'),
  ]);
  return {
    fees: { gct: fees.gct, unknownFee: fees.unknownFee, uncollectedFee: fees.uncollectedFee, switchingFee: fees.switchingFee },
    storageRules: { thresholdDays: storage.thresholdDays, reminderDays: storage.reminderDays, feeMode: storage.feeMode, capCents: storage.capCents, abandonmentDays: storage.abandonmentDays },
    volumetricDivisor: divisor.volumetricDivisor,
    ticketDepartments: tickets.departments,
    membershipRates: (membership.rates as { membershipType: string; freightDiscountPercent: number; waiveProcessingFee: boolean }[])
      .map(({ membershipType, freightDiscountPercent, waiveProcessingFee }) => ({ membershipType, freightDiscountPercent, waiveProcessingFee })),
  };
}

const createCourier = async () => {
  const admin = uniqueEmail('admin');
  const response = await api('POST', '/network/couriers', superAdmin, {
    name: unique('Defaults Courier'), contactEmail: uniqueEmail('contact'), admin: { firstName: 'Dana', lastName: 'Reid', email: admin },
  });
  expect(response.statusCode).toBe(201);
  return { id: response.json().id as string, adminEmail: admin };
};

describe('platform settings (/superadmin/settings)', () => {
  it('start with the figures of domain.md, and a new courier starts with them', async () => {
    const response = await api('GET', '/platform/settings', superAdmin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ...INITIAL, effectiveFrom: 'ParcelDesk <no-reply@parceldesk.local>' });
    const courier = await createCourier();
    const { sender: _sender, ...courierPart } = INITIAL;
    expect(await courierSettings(courier.id)).toEqual(courierPart);
  });

  it('once changed, reach couriers created afterwards (also by sign-up factories), not the ones that exist', async () => {
    const before = await createCourier();
    const saved = await api('PUT', '/platform/settings', superAdmin, CHANGED);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      message: PLATFORM_MSG.updated, fees: CHANGED.fees, volumetricDivisor: 139,
      storageRules: { ...CHANGED.storageRules, reminderDays: [3, 9] }, ticketDepartments: ['Counter', 'Accounts'],
      effectiveFrom: '"Island Network" <hello@network.test>',
    });
    expect((await api('GET', '/platform/settings', superAdmin)).json()).toMatchObject({ fees: CHANGED.fees, sender: CHANGED.sender });

    const { sender: _sender, ...expected } = CHANGED;
    const after = await createCourier();
    expect(await courierSettings(after.id)).toEqual({ ...expected, storageRules: { ...CHANGED.storageRules, reminderDays: [3, 9] } });
    const made = await makeCourier(t.database.db);
    expect((await courierSettings(made.id)).volumetricDivisor).toBe(139);
    // A courier that existed keeps what it had.
    expect((await courierSettings(before.id)).fees.gct).toBe(15);

    const { rows } = await t.database.pool.query(`select action, courier_id, details from audit_logs where action = 'platform.settings_updated'`);
    expect(rows).toHaveLength(1);
    expect(rows[0].courier_id).toBeNull();
    expect(rows[0].details.changed).toEqual(['fees', 'volumetricDivisor', 'storageRules', 'ticketDepartments', 'membershipRates', 'sender']);
    expect(rows[0].details.before.fees.gct).toBe(15);
    expect(rows[0].details.after.fees.gct).toBe(16.5);
  });

  it('send the platform\'s email from the saved sender', async () => {
    await api('PUT', '/platform/settings', superAdmin, { ...CHANGED, sender: { name: 'Network Desk', email: 'desk@network.test' } });
    const courier = await createCourier();
    const invitation = await smtp.waitFor((m) => m.to.includes(courier.adminEmail));
    expect(invitation.raw).toMatch(/^From: "?Network Desk"? <desk@network\.test>/im);
  });

  it('refuse bad values with the courier settings\' own messages, changing nothing', async () => {
    const bad = async (payload: object) => {
      const response = await api('PUT', '/platform/settings', superAdmin, { ...CHANGED, ...payload });
      expect(response.statusCode).toBe(400);
      return response.json().fieldErrors as Record<string, string>;
    };
    expect(await bad({ fees: { ...CHANGED.fees, gct: 150 } })).toMatchObject({ 'fees.gct': SETTINGS_MSG.gctRange });
    expect(await bad({ fees: { ...CHANGED.fees, unknownFee: -1 } })).toMatchObject({ 'fees.unknownFee': SETTINGS_MSG.feeMin });
    expect(await bad({ volumetricDivisor: 50 })).toMatchObject({ volumetricDivisor: MEASURE_MSG.divisorRange });
    expect(await bad({ storageRules: { ...CHANGED.storageRules, abandonmentDays: 5 } })).toMatchObject({ 'storageRules.abandonmentDays': PRICING_MSG.abandonmentAfterThreshold });
    expect(await bad({ ticketDepartments: ['Billing', 'billing'] })).toMatchObject({ ticketDepartments: TICKET_MSG.departmentsDuplicate });
    expect(await bad({ ticketDepartments: [] })).toMatchObject({ ticketDepartments: TICKET_MSG.departmentsRequired });
    expect(await bad({ membershipRates: CHANGED.membershipRates.slice(1) })).toMatchObject({ membershipRates: PLATFORM_MSG.membershipTypes });
    expect(await bad({ sender: { name: 'Only a name', email: null } })).toMatchObject({ 'sender.email': PLATFORM_MSG.senderPair });
    expect(await bad({ sender: { name: 'Desk', email: 'not-an-email' } })).toMatchObject({ 'sender.email': PLATFORM_MSG.senderEmail });
    const { rows } = await t.database.pool.query(`select count(*)::int as n from audit_logs where action = 'platform.settings_updated'`);
    expect((await api('GET', '/platform/settings', superAdmin)).json().fees.gct).toBe(16.5);
    expect(rows[0].n).toBe(2);
  });

  it('belong to the super admin alone', async () => {
    const courier = await makeCourier(t.database.db);
    const admin = (await signIn(t.app, await makeUser(t.database.db, { role: 'courier_admin', courier }))).headers;
    const manager = (await signIn(t.app, await makeUser(t.database.db, { role: 'branch_manager', courier, permissions: ['settings_view'] }))).headers;
    const customer = await makeCustomer(t.database.db, courier);
    const customerHeaders = (await signInCustomer(t.app, customer, courier.apiKey)).headers;
    for (const headers of [admin, manager, customerHeaders]) {
      expect((await api('GET', '/platform/settings', headers)).statusCode).toBe(403);
      expect((await api('PUT', '/platform/settings', headers, CHANGED)).statusCode).toBe(403);
    }
    expect((await api('GET', '/platform/settings', {})).statusCode).toBe(401);
  });
});
