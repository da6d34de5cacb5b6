import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';

export interface Subscriber<TEvent> {
  /** An event published by any instance (already committed). */
  onEvent: (event: TEvent) => void;
  /** The LISTEN connection was lost and is back: events may have been missed, refetch. */
  onResync: () => void;
}

export interface EventHubOptions<TEvent> {
  /** Connection settings of the app's pool; the hub opens its own client with them. */
  connection: pg.ClientConfig;
  /** The NOTIFY channel (a plain identifier: it is written into LISTEN). */
  channel: string;
  /** Reads a payload; null drops it. */
  parse: (payload: string | undefined) => TEvent | null;
  log: FastifyBaseLogger;
  /** First reconnect delay; doubles up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

/**
 * One LISTEN per channel and process (issue 5): a dedicated client, not one from the pool, so a stream
 * never holds a pool connection. It starts with the first subscriber and reconnects with
 * backoff after a database restart; subscribers are then told to resync.
 */
export function createEventHub<TEvent>(options: EventHubOptions<TEvent>) {
  if (!/^[a-z_][a-z0-9_]*$/.test(options.channel)) throw new Error(`Invalid channel name: ${options.channel}`);
  const { log } = options;
  const firstBackoff = options.backoffMs ?? 500;
  const maxBackoff = options.maxBackoffMs ?? 30_000;
  const subscribers = new Set<Subscriber<TEvent>>();
  let client: pg.Client | null = null;
  let listening: Promise<void> | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let backoff = firstBackoff;
  let started = false;
  let stopped = false;
  let lostSinceListening = false;
  /** LISTEN is in place now: every NOTIFY committed from here on reaches the subscribers. */
  let isListening = false;

  function dispatch(message: pg.Notification) {
    if (message.channel !== options.channel) return;
    const event = options.parse(message.payload);
    if (!event) return;
    for (const subscriber of subscribers) subscriber.onEvent(event);
  }

  function lost(which: pg.Client, error?: Error) {
    if (client !== which) return;
    client = null;
    isListening = false;
    listening = null;
    which.removeAllListeners('notification');
    which.end().catch(() => undefined);
    if (stopped) return;
    lostSinceListening = true;
    log.warn({ err: error?.message, retryInMs: backoff }, 'live events: LISTEN connection lost, reconnecting');
    scheduleConnect();
  }

  function scheduleConnect() {
    if (retryTimer || stopped) return;
    const delay = backoff;
    backoff = Math.min(backoff * 2, maxBackoff);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, delay);
    retryTimer.unref();
  }

  function connect(): Promise<void> {
    const next = new pg.Client(options.connection);
    client = next;
    // A connection error between queries is reported here; without a listener it would crash the process.
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    next.on('notification', dispatch);
    listening = (async () => {
      try {
        await next.connect();
        await next.query(`listen ${options.channel}`);
      } catch (error) {
        lost(next, error instanceof Error ? error : new Error(String(error)));
        throw error;
      }
      if (stopped) {
        await next.end().catch(() => undefined);
        return;
      }
      backoff = firstBackoff;
      isListening = true;
      if (lostSinceListening) {
        lostSinceListening = false;
        log.info('live events: LISTEN connection restored');
        for (const subscriber of subscribers) subscriber.onResync();
      }
    })();
    listening.catch(() => undefined);
    return listening;
  }

  return {
    /** Adds a subscriber (starting the LISTEN on first use); returns the unsubscribe function. */
    subscribe(subscriber: Subscriber<TEvent>): () => void {
      subscribers.add(subscriber);
      if (!started && !stopped) {
        started = true;
        void connect();
      }
      return () => {
        subscribers.delete(subscriber);
      };
    },
    /** Resolves once LISTEN is in place, or after `timeoutMs` (the stream opens either way). */
    async ready(timeoutMs: number): Promise<boolean> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => { timer = setTimeout(() => resolve(false), timeoutMs); });
      const current = listening;
      if (!current) return false;
      const result = await Promise.race([current.then(() => true, () => false), timeout]);
      clearTimeout(timer);
      return result;
    },
    get listening() {
      return isListening;
    },
    get size() {
      return subscribers.size;
    },
    async stop(): Promise<void> {
      stopped = true;
      isListening = false;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      subscribers.clear();
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners('notification');
        await current.end().catch(() => undefined);
      }
    },
  };
}
export type EventHub<TEvent> = ReturnType<typeof createEventHub<TEvent>>;
