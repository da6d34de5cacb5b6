import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PackageStreamEvent } from '@parceldesk/shared/schemas/packages';
import type { TicketEvent } from '@parceldesk/shared/schemas/tickets';
import { config } from '../config';
import { useAuth } from './auth-context';
import { storage } from './storage';
import { NOTIFICATION_COUNTS_KEY } from './notification-counts';
import { TICKET_COUNTS_KEY } from './ticket-counts';

/**
 * The live subscription of issue 5: one EventSource per signed-in session to the API's
 * Server-Sent Events stream. EventSource cannot send headers, so the token rides in ?token=.
 * A `tickets` event (or a reconnect, after which events may have been missed) refreshes the
 * unread counts at once and any ticket list or conversation on screen.
 */
export const LIVE_EVENTS_PATH = '/events/stream';
/** Query-key prefixes of the ticket screens, refreshed with the counts. */
export const TICKET_QUERY_KEYS: readonly (readonly unknown[])[] = [TICKET_COUNTS_KEY, ['tickets'], ['data-table', '/tickets'], ['data-table', '/tickets/mine']];

/**
 * Query-key prefixes of the package screens (issue 11): a `packages` event refreshes every list
 * and detail of packages, pre-alerts, unknown packages and claims on screen.
 */
export const PACKAGE_QUERY_KEYS: readonly (readonly unknown[])[] = [
  ['packages'], ['data-table', '/packages'], ['data-table', '/pre-alerts'], ['data-table', '/packages/unknown'], ['data-table', '/package-claims'],
];

/** Query-key prefixes of the reconciliation screens (issue 12): a scan anywhere refreshes every screen's counts. */
export const RECONCILIATION_QUERY_KEYS: readonly (readonly unknown[])[] = [['reconciliation'], ['data-table', '/reconciliations']];

/**
 * Issue 14: a batch email's progress (one event per email delivered) refreshes the batch screens,
 * at most every BATCH_REFRESH_MS so 20,000 deliveries do not mean 20,000 refetches.
 */
export const BATCH_REFRESH_MS = 500;
const isBatchQuery = (queryKey: readonly unknown[]) => queryKey[0] === 'batch-emails'
  || (queryKey[0] === 'data-table' && typeof queryKey[1] === 'string' && queryKey[1].startsWith('/batch-emails'));

function batchRefresher(client: QueryClient) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void client.invalidateQueries({ predicate: (query) => isBatchQuery(query.queryKey) });
    }, BATCH_REFRESH_MS);
  };
}

/**
 * Query-key prefixes of the manifest screens (issue 12): a `manifests` event (created, edited,
 * loaded, moved) or a reconciliation's refreshes the manifest lists and detail on screen.
 */
export const MANIFEST_QUERY_KEYS: readonly (readonly unknown[])[] = [['manifests'], ['data-table', '/manifests']];

/**
 * Issue 14: a `notifications` event (one of mine was written, of any type) refreshes the header
 * bell and the notifications page on screen.
 */
export const NOTIFICATION_QUERY_KEYS: readonly (readonly unknown[])[] = [NOTIFICATION_COUNTS_KEY, ['data-table', '/notifications']];

const MIN_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 30_000;

/** Exponential backoff with jitter: 1 s, 2 s, 4 s … capped at 30 s. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_BACKOFF_MS, MIN_BACKOFF_MS * 2 ** Math.max(0, attempt));
  return Math.round(base / 2 + (random() * base) / 2);
}

type Listener = (event: TicketEvent) => void;
const listeners = new Set<Listener>();

/** Lets a screen react to a ticket event beyond the cache refresh (e.g. a conversation on screen). */
export function onTicketEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type PackageListener = (event: PackageStreamEvent) => void;
const packageListeners = new Set<PackageListener>();

/** Lets a screen react to a package event beyond the cache refresh (e.g. tell the customer their parcel arrived). */
export function onPackageEvent(listener: PackageListener): () => void {
  packageListeners.add(listener);
  return () => packageListeners.delete(listener);
}

function parseEvent<T>(data: string): T | null {
  try {
    return JSON.parse(data) as T;
  } catch {
    return null;
  }
}

interface Connection {
  token: string;
  users: number;
  close: () => void;
}
let connection: Connection | null = null;

function refreshTickets(client: QueryClient) {
  for (const queryKey of TICKET_QUERY_KEYS) void client.invalidateQueries({ queryKey });
}

export function refreshPackages(client: QueryClient) {
  for (const queryKey of PACKAGE_QUERY_KEYS) void client.invalidateQueries({ queryKey });
}

function refreshReconciliations(client: QueryClient) {
  for (const queryKey of RECONCILIATION_QUERY_KEYS) void client.invalidateQueries({ queryKey });
}

function refreshManifests(client: QueryClient) {
  for (const queryKey of MANIFEST_QUERY_KEYS) void client.invalidateQueries({ queryKey });
}

function refreshNotifications(client: QueryClient) {
  for (const queryKey of NOTIFICATION_QUERY_KEYS) void client.invalidateQueries({ queryKey });
}

function open(token: string, client: QueryClient): () => void {
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let closed = false;
  const refreshBatches = batchRefresher(client);

  const connect = () => {
    if (closed) return;
    const url = `${config.apiBase}${LIVE_EVENTS_PATH}?token=${encodeURIComponent(token)}`;
    const current = new EventSource(url);
    source = current;
    current.onopen = () => {
      // Anything sent while disconnected was missed: count again (also the first load's refresh).
      if (attempt > 0) {
        refreshTickets(client);
        refreshPackages(client);
        refreshReconciliations(client);
        refreshBatches();
        refreshManifests(client);
        refreshNotifications(client);
      }
      attempt = 0;
    };
    current.addEventListener('tickets', (message) => {
      refreshTickets(client);
      const event = parseEvent<TicketEvent>((message as MessageEvent<string>).data);
      if (event) listeners.forEach((listener) => listener(event));
    });
    current.addEventListener('packages', (message) => {
      refreshPackages(client);
      const event = parseEvent<PackageStreamEvent>((message as MessageEvent<string>).data);
      if (event) packageListeners.forEach((listener) => listener(event));
    });
    current.addEventListener('reconciliations', () => {
      refreshReconciliations(client);
      // Finishing a reconciliation moves its manifest to reconciled.
      refreshManifests(client);
    });
    current.addEventListener('manifests', () => refreshManifests(client));
    current.addEventListener('batchEmails', refreshBatches);
    current.addEventListener('notifications', () => refreshNotifications(client));
    current.onerror = (error) => {
      // The browser's own retry gives up on an HTTP error and never backs off: retry here instead.
      current.close();
      if (closed) return;
      console.error('Live updates disconnected; reconnecting', error);
      retry = setTimeout(connect, backoffDelay(attempt));
      attempt += 1;
    };
  };
  connect();

  return () => {
    closed = true;
    clearTimeout(retry);
    source?.close();
  };
}

/** Shares one connection between every component of the session that asks for it. */
function acquire(token: string, client: QueryClient): () => void {
  if (connection && connection.token !== token) {
    connection.close();
    connection = null;
  }
  if (!connection) connection = { token, users: 0, close: open(token, client) };
  const held = connection;
  held.users += 1;
  return () => {
    held.users -= 1;
    // Deferred so a remount (StrictMode, a layout switch) keeps the same stream.
    setTimeout(() => {
      if (held.users === 0 && connection === held) {
        held.close();
        connection = null;
      }
    }, 0);
  };
}

/** Keeps the session's live stream open while the signed-in shell is mounted. */
export function useLiveEvents(): void {
  const { status } = useAuth();
  const client = useQueryClient();
  const token = status === 'authenticated' ? storage.getToken() : null;
  useEffect(() => {
    if (!token || typeof EventSource === 'undefined') return undefined;
    return acquire(token, client);
  }, [token, client]);
}
