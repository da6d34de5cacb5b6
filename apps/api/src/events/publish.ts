import { sql, type SQL } from 'drizzle-orm';
import { isBranchScoped, type Permission } from '@parceldesk/shared/permissions';
import type { ManifestStatus } from '@parceldesk/shared/domain/manifests';
import type { PackageStatus } from '@parceldesk/shared/domain/packages';
import type { TicketStatus } from '@parceldesk/shared/domain/ticket-status';
import type { ManifestStreamEvent } from '@parceldesk/shared/schemas/manifests';
import type { PackageStreamEvent } from '@parceldesk/shared/schemas/packages';
import type { ReconciliationStreamEvent } from '@parceldesk/shared/schemas/reconciliation';
import type { TicketEvent } from '@parceldesk/shared/schemas/tickets';
import type { BatchStreamEvent } from '@parceldesk/shared/schemas/batch-emails';
import type { NotificationStreamEvent } from '@parceldesk/shared/schemas/notifications';
import type { DbOrTx } from '../db/client';
import type { Principal } from '../lib/principal';

/**
 * Every live event kind, published and read back here (issue 10). One channel for every instance:
 * a write on any instance reaches the streams of all of them. A new family (packages, manifests)
 * adds its event type to LiveEvent and its entry to FAMILIES; the stream, the hub and the
 * audience rule need nothing more.
 */
export const EVENTS_CHANNEL = 'parceldesk_events';

/**
 * Who an event is for: the courier's staff, the customer it concerns, or both. Staff get what
 * customers do, customers what staff do; changes both see go to both so other staff lists refresh.
 */
export type Audience = 'staff' | 'customer' | 'all';

interface LiveEventBase {
  courierId: string;
  /** The customer the event concerns, when one does. */
  customerId: string | null;
  audience: Audience;
}

export interface TicketLiveEvent extends LiveEventBase {
  family: 'tickets';
  kind: 'ticket.created' | 'ticket.message' | 'ticket.status';
  ticketId: string;
  ticketNo: string;
  status: TicketStatus;
  /** Its customer's branch: a branch-bound reader hears of the tickets they may open (decision 008). */
  branchId: string | null;
}

/** A package change; `customerId` is the owner, null for an unknown package. */
export interface PackageLiveEvent extends LiveEventBase {
  family: 'packages';
  kind: 'package.received' | 'package.status' | 'package.updated';
  packageId: string;
  packageNumber: string;
  status: PackageStatus;
  /** Its pickup branch and who received it: a branch-bound reader hears of the packages they may open (decision 008). */
  branchId: string | null;
  receivedBy: string | null;
}

/** A reconciliation at the destination started, scanned or finished (issue 12): every screen on it refreshes its counts. */
export interface ReconciliationLiveEvent extends LiveEventBase {
  family: 'reconciliations';
  kind: 'reconciliation.started' | 'reconciliation.scan' | 'reconciliation.finished';
  manifestId: string;
  reconciliationId: string;
}

/** A manifest created, its header edited, parcels loaded or removed, or a status move (issue 12): its list and detail refresh. */
export interface ManifestLiveEvent extends LiveEventBase {
  family: 'manifests';
  kind: 'manifest.created' | 'manifest.updated' | 'manifest.packages' | 'manifest.status';
  manifestId: string;
  status: ManifestStatus;
}

/** Issue 14: a batch email was queued or its recipients' progress moved (migration 0017's outbox trigger publishes these too). */
export interface BatchEmailLiveEvent extends LiveEventBase {
  family: 'batchEmails';
  kind: 'batch.queued' | 'batch.progress';
  batchId: string;
}

/**
 * Issue 14: an in-app notification was written for one person (lib/notifications.ts). Only its
 * recipient hears of it (mayReceive), whatever their role; `courierId` is '' for a platform-level
 * user's (the super admin's, who has no courier).
 */
export interface NotificationLiveEvent extends LiveEventBase {
  family: 'notifications';
  kind: 'notification.created';
  /** The staff-side user it is for; null when it is a customer's (`customerId`). */
  userId: string | null;
}

export type LiveEvent = TicketLiveEvent | PackageLiveEvent | ReconciliationLiveEvent | BatchEmailLiveEvent | ManifestLiveEvent | NotificationLiveEvent;
type Family = LiveEvent['family'];
type EventOf<F extends Family> = Extract<LiveEvent, { family: F }>;

interface FamilyRule<F extends Family> {
  kinds: readonly EventOf<F>['kind'][];
  /** Branch managers and staff hear of the family's events only with this permission (any one of a list); null: never (an admin-only screen). */
  permission: Permission | readonly Permission[] | null;
  /** What the browser is sent, as the SSE event named after the family. */
  toClient: (event: EventOf<F>) => unknown;
  /** Sent when the stream may have missed events (its LISTEN connection came back). */
  resync: unknown;
}

const FAMILIES: { [F in Family]: FamilyRule<F> } = {
  tickets: {
    kinds: ['ticket.created', 'ticket.message', 'ticket.status'],
    permission: 'tickets_view',
    toClient: (event): TicketEvent => ({ kind: event.kind, ticketId: event.ticketId, ticketNo: event.ticketNo, status: event.status }),
    resync: { kind: 'resync', ticketId: null, ticketNo: null, status: null } satisfies TicketEvent,
  },
  packages: {
    kinds: ['package.received', 'package.status', 'package.updated'],
    permission: 'packages_view',
    toClient: (event): PackageStreamEvent => ({ kind: event.kind, packageId: event.packageId, packageNumber: event.packageNumber, status: event.status }),
    resync: { kind: 'resync', packageId: null, packageNumber: null, status: null } satisfies PackageStreamEvent,
  },
  reconciliations: {
    kinds: ['reconciliation.started', 'reconciliation.scan', 'reconciliation.finished'],
    permission: ['manifests_view', 'manifests_reconcile'],
    toClient: (event): ReconciliationStreamEvent => ({ kind: event.kind, manifestId: event.manifestId, reconciliationId: event.reconciliationId }),
    resync: { kind: 'resync', manifestId: null, reconciliationId: null } satisfies ReconciliationStreamEvent,
  },
  manifests: {
    kinds: ['manifest.created', 'manifest.updated', 'manifest.packages', 'manifest.status'],
    permission: 'manifests_view',
    toClient: (event): ManifestStreamEvent => ({ kind: event.kind, manifestId: event.manifestId, status: event.status }),
    resync: { kind: 'resync', manifestId: null, status: null } satisfies ManifestStreamEvent,
  },
  batchEmails: {
    kinds: ['batch.queued', 'batch.progress'],
    permission: null,
    toClient: (event): BatchStreamEvent => ({ kind: event.kind, batchId: event.batchId }),
    resync: { kind: 'resync', batchId: null } satisfies BatchStreamEvent,
  },
  notifications: {
    kinds: ['notification.created'],
    // Never by permission: only the recipient hears of it (mayReceive).
    permission: null,
    toClient: (event): NotificationStreamEvent => ({ kind: event.kind }),
    resync: { kind: 'resync' } satisfies NotificationStreamEvent,
  },
};

const ruleOf = <F extends Family>(family: F) => FAMILIES[family] as FamilyRule<F>;

/**
 * Publishes inside the writing transaction: PostgreSQL delivers a NOTIFY only when the
 * transaction commits, so no stream hears of a change that was rolled back.
 */
export async function publishEvent(tx: DbOrTx, event: LiveEvent): Promise<void> {
  await tx.execute(sql`select ${eventNotify(event)}`);
}

/** The NOTIFY of one event as an expression, for a statement that does more (db/one-statement.ts). */
export const eventNotify = (event: LiveEvent): SQL => sql`pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`;

/** Several events in one statement (a write that tells many people at once); identical ones reach the streams once. */
export async function publishEvents(tx: DbOrTx, events: readonly LiveEvent[]): Promise<void> {
  if (events.length === 0) return;
  if (events.length === 1) return publishEvent(tx, events[0]!);
  const payloads = JSON.stringify(events.map((event) => JSON.stringify(event)));
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, payload) from jsonb_array_elements_text(${payloads}::jsonb) as payload`);
}

const AUDIENCES: readonly string[] = ['staff', 'customer', 'all'];

/** Reads a NOTIFY payload back; anything malformed or of an unknown kind is dropped rather than sent to browsers. */
export function parseEvent(payload: string | undefined): LiveEvent | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as Partial<LiveEvent>;
    if (typeof value.family !== 'string' || !Object.hasOwn(FAMILIES, value.family)) return null;
    const rule = ruleOf(value.family);
    if (!(rule.kinds as readonly string[]).includes(String(value.kind))) return null;
    if (typeof value.courierId !== 'string' || !AUDIENCES.includes(String(value.audience))) return null;
    if (value.customerId !== null && typeof value.customerId !== 'string') return null;
    return value as LiveEvent;
  } catch {
    return null;
  }
}

/**
 * Whether a connected principal may hear of an event: the customer it concerns, the super admin,
 * the courier's admin, and its branch managers and staff holding the family's permission: exactly
 * who may open what it is about (for tickets, modules/tickets/ticket-access.ts).
 */
export function mayReceive(principal: Principal, event: LiveEvent): boolean {
  if (event.family === 'notifications') {
    // A notification is its recipient's alone, on every role (issue 14).
    return principal.kind === 'customer' ? event.customerId === principal.id : principal.kind === 'user' && event.userId === principal.id;
  }
  if (principal.kind === 'customer') {
    return event.audience !== 'staff' && event.customerId !== null && principal.id === event.customerId && principal.courierId === event.courierId;
  }
  if (event.audience === 'customer') return false;
  if (principal.role === 'super_admin') return true;
  if (principal.courierId !== event.courierId) return false;
  if (principal.role === 'courier_admin') return true;
  const { permission } = ruleOf(event.family);
  if (permission === null) return false;
  const permitted = typeof permission === 'string' ? principal.permissions.has(permission) : permission.some((one) => principal.permissions.has(one));
  if (!permitted) return false;
  if (event.family === 'packages') return mayOpenPackage(principal, event);
  if (event.family === 'tickets') return !branchBound(principal) || (principal.branchId !== null && event.branchId === principal.branchId);
  return true;
}

const branchBound = (principal: Principal) => isBranchScoped({ role: principal.role, permissions: principal.permissions });

/**
 * The branch rule of packages (lib/tenant-scope.ts, decision 008) applied to an event: a branch-bound
 * reader hears of their branch's packages, the unknown ones and those they received; one without
 * a branch of none.
 */
function mayOpenPackage(principal: Principal, event: PackageLiveEvent): boolean {
  if (!branchBound(principal)) return true;
  if (principal.branchId === null) return false;
  return event.customerId === null || event.branchId === principal.branchId || event.receivedBy === principal.id;
}

/** The SSE message a browser gets for an event: named after its family. */
export function clientMessage(event: LiveEvent): { name: Family; data: unknown } {
  return { name: event.family, data: ruleOf(event.family).toClient(event) };
}

/** One resync message per family, for a stream that may have missed events. */
export const resyncMessages = (): { name: Family; data: unknown }[] =>
  (Object.keys(FAMILIES) as Family[]).map((family) => ({ name: family, data: ruleOf(family).resync }));

/**
 * A session ended (revoked or deleted): the sessions table's trigger NOTIFYs it on this channel
 * at commit (migration 0007), so every instance closes that session's streams at once (issue 15, item 8).
 */
export interface SessionRevokedNotice {
  kind: 'session.revoked';
  sessionId: string;
}

export type StreamNotice = LiveEvent | SessionRevokedNotice;

/** Reads a NOTIFY payload of the channel: a live event or a session's end; anything else is dropped. */
export function parseStreamNotice(payload: string | undefined): StreamNotice | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as Partial<SessionRevokedNotice>;
    if (value.kind === 'session.revoked') return typeof value.sessionId === 'string' ? { kind: value.kind, sessionId: value.sessionId } : null;
  } catch {
    return null;
  }
  return parseEvent(payload);
}
