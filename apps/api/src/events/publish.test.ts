import { describe, expect, it } from 'vitest';
import type { Principal } from '../lib/principal';
import { clientMessage, mayReceive, parseEvent, resyncMessages, type LiveEvent } from './publish';

const COURIER = '11111111-1111-4111-8111-111111111111';
const CUSTOMER = '22222222-2222-4222-8222-222222222222';
const BRANCH = '66666666-6666-4666-8666-666666666666';
const event: LiveEvent = {
  family: 'tickets', kind: 'ticket.message', courierId: COURIER, customerId: CUSTOMER, audience: 'all',
  ticketId: '33333333-3333-4333-8333-333333333333', ticketNo: 'TKT-000001', status: 'in_progress', branchId: BRANCH,
};
const principal = (overrides: Partial<Principal>): Principal => ({
  kind: 'user', id: 'someone', role: 'staff', courierId: COURIER, branchId: null, permissions: new Set(), sessionId: 's', impersonatorId: null, ...overrides,
});

describe('live events (events/publish.ts)', () => {
  it('reads back what it publishes and drops unknown families, kinds and malformed payloads', () => {
    expect(parseEvent(JSON.stringify(event))).toEqual(event);
    expect(parseEvent(JSON.stringify({ ...event, family: 'parcels' }))).toBeNull();
    expect(parseEvent(JSON.stringify({ ...event, kind: 'ticket.deleted' }))).toBeNull();
    expect(parseEvent(JSON.stringify({ ...event, family: 'toString' }))).toBeNull();
    expect(parseEvent(JSON.stringify({ ...event, audience: 'everyone' }))).toBeNull();
    expect(parseEvent('{not json')).toBeNull();
    expect(parseEvent(undefined)).toBeNull();
  });

  it('sends an event to its customer and to staff holding the family permission only', () => {
    expect(mayReceive(principal({ kind: 'customer', role: 'customer', id: CUSTOMER }), event)).toBe(true);
    expect(mayReceive(principal({ kind: 'customer', role: 'customer', id: 'another' }), event)).toBe(false);
    expect(mayReceive(principal({ kind: 'customer', role: 'customer', id: CUSTOMER }), { ...event, audience: 'staff' })).toBe(false);
    expect(mayReceive(principal({ branchId: BRANCH, permissions: new Set(['tickets_view']) }), event)).toBe(true);
    expect(mayReceive(principal({ branchId: BRANCH }), event)).toBe(false);
    // Branch-bound staff hear of their branch's customers' tickets only (decision 008).
    expect(mayReceive(principal({ branchId: 'elsewhere', permissions: new Set(['tickets_view']) }), event)).toBe(false);
    expect(mayReceive(principal({ branchId: null, permissions: new Set(['tickets_view']) }), event)).toBe(false);
    expect(mayReceive(principal({ branchId: 'elsewhere', permissions: new Set(['tickets_view', 'branches_all']) }), event)).toBe(true);
    expect(mayReceive(principal({ role: 'courier_admin' }), event)).toBe(true);
    expect(mayReceive(principal({ role: 'courier_admin', courierId: 'other' }), event)).toBe(false);
    expect(mayReceive(principal({ role: 'super_admin', courierId: null }), { ...event, audience: 'customer' })).toBe(false);
    expect(mayReceive(principal({ role: 'super_admin', courierId: null }), event)).toBe(true);
  });

  it("a package event reaches branch-bound staff as the package's branch rule lets them open it (decision 008)", () => {
    const HERE = '44444444-4444-4444-8444-444444444444';
    const pkg: LiveEvent = {
      family: 'packages', kind: 'package.status', courierId: COURIER, customerId: CUSTOMER, audience: 'all',
      packageId: '55555555-5555-4555-8555-555555555555', packageNumber: 'IEX-P-0000001', status: 'ready_for_pickup', branchId: 'elsewhere', receivedBy: null,
    };
    const clerk = principal({ branchId: HERE, permissions: new Set(['packages_view']) });
    expect(mayReceive(clerk, pkg)).toBe(false);
    expect(mayReceive(clerk, { ...pkg, branchId: HERE })).toBe(true);
    expect(mayReceive(clerk, { ...pkg, customerId: null })).toBe(true);
    expect(mayReceive(clerk, { ...pkg, receivedBy: clerk.id })).toBe(true);
    expect(mayReceive(principal({ branchId: HERE, permissions: new Set(['packages_view', 'branches_all']) }), pkg)).toBe(true);
    expect(mayReceive(principal({ branchId: null, permissions: new Set(['packages_view']) }), { ...pkg, customerId: null })).toBe(false);
    expect(mayReceive(principal({ role: 'courier_admin', branchId: HERE }), pkg)).toBe(true);
  });

  it('names the browser message after the family and sends only the public fields', () => {
    expect(clientMessage(event)).toEqual({ name: 'tickets', data: { kind: 'ticket.message', ticketId: event.ticketId, ticketNo: 'TKT-000001', status: 'in_progress' } });
    expect(resyncMessages()).toEqual([
      { name: 'tickets', data: { kind: 'resync', ticketId: null, ticketNo: null, status: null } },
      { name: 'packages', data: { kind: 'resync', packageId: null, packageNumber: null, status: null } },
      { name: 'reconciliations', data: { kind: 'resync', manifestId: null, reconciliationId: null } },
      { name: 'manifests', data: { kind: 'resync', manifestId: null, status: null } },
      { name: 'batchEmails', data: { kind: 'resync', batchId: null } },
      { name: 'notifications', data: { kind: 'resync' } },
    ]);
  });

  it('batch email progress goes to the courier\'s admin and the super admin, never to staff or customers', () => {
    const progress: LiveEvent = { family: 'batchEmails', kind: 'batch.progress', courierId: COURIER, customerId: null, audience: 'staff', batchId: 'b' };
    expect(mayReceive(principal({ role: 'courier_admin' }), progress)).toBe(true);
    expect(mayReceive(principal({ role: 'staff', permissions: new Set(['customers_view', 'tickets_view']) }), progress)).toBe(false);
    expect(mayReceive(principal({ kind: 'customer', role: 'customer', id: CUSTOMER }), progress)).toBe(false);
    // The outbox trigger of migration 0017 writes this payload; it must read back.
    expect(parseEvent(JSON.stringify(progress))).toEqual(progress);
  });

  it('a notification goes to its recipient alone, on every role', () => {
    const mine: LiveEvent = { family: 'notifications', kind: 'notification.created', courierId: COURIER, customerId: null, audience: 'staff', userId: 'u-1' };
    expect(mayReceive(principal({ id: 'u-1', role: 'staff' }), mine)).toBe(true);
    expect(mayReceive(principal({ id: 'u-2', role: 'courier_admin' }), mine)).toBe(false);
    expect(mayReceive(principal({ id: 'u-3', role: 'super_admin', courierId: null }), mine)).toBe(false);
    expect(mayReceive(principal({ kind: 'customer', role: 'customer', id: 'u-1' }), mine)).toBe(false);
    // The super admin's own (no courier) reach them.
    const platform: LiveEvent = { ...mine, courierId: '', userId: 'u-3' };
    expect(mayReceive(principal({ id: 'u-3', role: 'super_admin', courierId: null }), platform)).toBe(true);
    expect(parseEvent(JSON.stringify(platform))).toEqual(platform);
    const customers: LiveEvent = { ...mine, customerId: CUSTOMER, userId: null, audience: 'customer' };
    expect(mayReceive(principal({ kind: 'customer', role: 'customer', id: CUSTOMER }), customers)).toBe(true);
    expect(mayReceive(principal({ kind: 'customer', role: 'customer', id: 'other' }), customers)).toBe(false);
    expect(mayReceive(principal({ role: 'courier_admin' }), customers)).toBe(false);
    expect(clientMessage(customers)).toEqual({ name: 'notifications', data: { kind: 'notification.created' } });
  });
});
