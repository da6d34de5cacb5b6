import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceivePackageResponse } from '@parceldesk/shared/schemas/packages';
import { createTestApp, type TestApp } from '../../test/test-app';
import { packageWorld, upsNumber, type PackageWorld } from './package-test-kit';

let t: TestApp;
let w: PackageWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await packageWorld(t.app, t.database.db);
});
afterAll(() => t.close());

describe('package settings', () => {
  it('the courier admin sets the volumetric divisor; new packages are measured with it', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/volumetric-divisor', headers: w.as.admin })).json()).toEqual({ volumetricDivisor: 166 });
    const bad = await t.app.inject({ method: 'PUT', url: '/api/settings/volumetric-divisor', headers: w.as.admin, payload: { volumetricDivisor: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The volumetric divisor must be a whole number from 100 to 400');
    expect((await t.app.inject({ method: 'PUT', url: '/api/settings/volumetric-divisor', headers: w.as.clerk, payload: { volumetricDivisor: 139 } })).statusCode).toBe(403);
    const saved = await t.app.inject({ method: 'PUT', url: '/api/settings/volumetric-divisor', headers: w.as.admin, payload: { volumetricDivisor: 139 } });
    expect(saved.json()).toEqual({ volumetricDivisor: 139, message: 'Volumetric divisor updated' });
    const scan = await t.app.inject({ method: 'POST', url: '/api/packages/receive', headers: w.as.clerk, payload: { trackingNumber: upsNumber(), customerId: w.tanya.id, weight: 1, length: 12, width: 10, height: 8 } });
    expect(scan.json<ReceivePackageResponse>().package).toMatchObject({ volumetricDivisor: 139, volumetricWeight: 6.91, chargeableWeight: 7 });
  });

  it('a customer switches package emails off and on', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/customers/me/package-emails', headers: w.as.tanya })).json()).toEqual({ packageEmails: true });
    const off = await t.app.inject({ method: 'PUT', url: '/api/customers/me/package-emails', headers: w.as.tanya, payload: { packageEmails: false } });
    expect(off.json()).toMatchObject({ packageEmails: false });
    const emails = async () => (await t.database.pool.query('select count(*)::int as n from email_outbox where to_address = $1', [w.tanya.email])).rows[0].n as number;
    const before = await emails();
    await t.app.inject({ method: 'POST', url: '/api/packages/receive', headers: w.as.clerk, payload: { trackingNumber: upsNumber(), customerId: w.tanya.id, weight: 1 } });
    expect(await emails()).toBe(before);
    await t.app.inject({ method: 'PUT', url: '/api/customers/me/package-emails', headers: w.as.tanya, payload: { packageEmails: true } });
    await t.app.inject({ method: 'POST', url: '/api/packages/receive', headers: w.as.clerk, payload: { trackingNumber: upsNumber(), customerId: w.tanya.id, weight: 1 } });
    expect(await emails()).toBe(before + 1);
    expect((await t.app.inject({ method: 'PUT', url: '/api/customers/me/package-emails', headers: w.as.clerk, payload: { packageEmails: false } })).statusCode).toBe(403);
  });
});

describe('customer notifications', () => {
  it('a customer reads their package notifications; nobody else sees them', async () => {
    const scan = await t.app.inject({ method: 'POST', url: '/api/packages/receive', headers: w.as.clerk, payload: { trackingNumber: upsNumber(), customerId: w.andre.id, weight: 1 } });
    const packageNumber = scan.json<ReceivePackageResponse>().package.packageNumber;
    const list = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: w.as.andre });
    expect(list.statusCode).toBe(200);
    const mine = list.json<{ data: { id: string; title: string }[] }>().data;
    expect(mine.map((n) => n.title)).toContain(`Package received: ${packageNumber}`);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: w.as.andre })).json()).toEqual({ unreadCount: mine.length });
    const id = mine[0]!.id;
    expect((await t.app.inject({ method: 'PUT', url: `/api/notifications/${id}/read`, headers: w.as.tanya })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/api/notifications/${id}/read`, headers: w.as.admin })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/api/notifications/${id}/read`, headers: w.as.andre })).statusCode).toBe(200);
    const adminList = (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: w.as.admin })).json<{ data: { title: string }[] }>().data;
    expect(adminList.map((n) => n.title)).not.toContain(`Package received: ${packageNumber}`);
  });
});
