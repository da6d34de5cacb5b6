import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { FilterOption } from '@parceldesk/shared/schemas/list-query';
import { createEventHub } from '../events/event-hub';

/** Written by the statement triggers of migration 0004 whenever a table a list reads changes. */
export const LIST_CHANGES_CHANNEL = 'parceldesk_list_changes';

type Options = Record<string, FilterOption[]>;

export interface ListOptionsCache {
  /** The cached options of a list, or undefined (also while invalidation cannot be trusted). */
  get(key: string): Options | undefined;
  /** Stores what was read, unless the data changed while it was being read. */
  set(key: string, value: Options, readAt: number): void;
  /** A stamp to take before reading, for set(). */
  stamp(): number;
  clear(): void;
}

export interface ListOptionsCacheSettings {
  /** A safety net only: changes clear the cache at once. */
  ttlMs?: number;
  maxEntries?: number;
  /** Whether invalidation from other instances is arriving; while false nothing is served from the cache. */
  isTrusted?: () => boolean;
  now?: () => number;
}

/**
 * The dropdown options of the lists (lib/list-query.ts) cost three of a list's five queries and
 * change far less often than lists are read: they are kept per list and scope until a change to
 * a table a list reads is committed anywhere (NOTIFY) or a write request ends in this process.
 */
export function createListOptionsCache(settings: ListOptionsCacheSettings = {}): ListOptionsCache {
  const ttlMs = settings.ttlMs ?? 30_000;
  const maxEntries = settings.maxEntries ?? 2_000;
  const now = settings.now ?? Date.now;
  const isTrusted = settings.isTrusted ?? (() => true);
  const entries = new Map<string, { value: Options; expiresAt: number }>();
  let generation = 0;

  return {
    get(key) {
      if (!isTrusted()) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value, readAt) {
      if (readAt !== generation || !isTrusted()) return;
      // Maps keep insertion order: the first key is the oldest entry.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { value, expiresAt: now() + ttlMs });
    },
    stamp: () => generation,
    clear() {
      generation += 1;
      entries.clear();
    },
  };
}

const cachesByDb = new WeakMap<object, ListOptionsCache>();

/** The cache of lists read through `db` (the app's database); a transaction has none and reads afresh. */
export function listOptionsCacheOf(db: object): ListOptionsCache | undefined {
  return cachesByDb.get(db);
}

/**
 * Gives the app's database a list options cache, cleared by NOTIFY from any instance and by
 * every write request of this one (before its answer leaves, so the caller's next read is fresh).
 */
export function attachListOptionsCache(app: FastifyInstance, db: object, pool: pg.Pool): ListOptionsCache {
  const hub = createEventHub({ connection: pool.options, log: app.log, channel: LIST_CHANGES_CHANNEL, parse: (payload) => payload ?? '' });
  const cache = createListOptionsCache({ isTrusted: () => hub.listening });
  hub.subscribe({ onEvent: () => cache.clear(), onResync: () => cache.clear() });
  cachesByDb.set(db, cache);
  app.addHook('onSend', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') cache.clear();
  });
  app.addHook('onClose', async () => {
    cachesByDb.delete(db);
    await hub.stop();
  });
  return cache;
}
