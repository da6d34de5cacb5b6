import { eq } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Database } from '../db/client';
import { courierEmailConfigs } from '../db/schema/index';
import type { SecretBox } from '../security/encryption';
import { courierFrom, createCourierTransport } from './smtp-transport';

export type CourierRoute =
  | { kind: 'platform' }
  | { kind: 'held' }
  | { kind: 'courier'; transport: Transporter; from: { name: string; address: string } };

interface CacheEntry {
  version: string;
  expires: number;
  transport: Promise<Transporter>;
  from: { name: string; address: string };
}

const CACHE_MS = 60_000;

/**
 * Which server sends a courier's email: its own when its configuration is active, none while it
 * is inactive (the email waits), the platform's when it has none. Transports are cached briefly
 * per courier under the configuration's updated_at, so a saved change takes effect at once.
 */
export function createCourierTransports(options: { db: Database; box: SecretBox; allowPrivate: boolean }) {
  const cache = new Map<string, CacheEntry>();

  function drop(courierId: string) {
    const entry = cache.get(courierId);
    cache.delete(courierId);
    entry?.transport.then((t) => t.close(), () => undefined);
  }

  return {
    async routeFor(courierId: string | null): Promise<CourierRoute> {
      if (!courierId) return { kind: 'platform' };
      const [config] = await options.db.select().from(courierEmailConfigs).where(eq(courierEmailConfigs.courierId, courierId)).limit(1);
      if (!config) {
        drop(courierId);
        return { kind: 'platform' };
      }
      if (config.status !== 'active') return { kind: 'held' };
      const version = config.updatedAt.toISOString();
      let entry = cache.get(courierId);
      if (!entry || entry.version !== version || entry.expires < Date.now()) {
        drop(courierId);
        const settings = {
          host: config.smtpHost,
          port: config.smtpPort,
          user: config.smtpUser,
          password: options.box.decrypt(config.smtpPasswordEncrypted, courierId),
          fromEmail: config.fromEmail,
          fromName: config.fromName,
        };
        entry = { version, expires: Date.now() + CACHE_MS, transport: createCourierTransport(settings, options.allowPrivate), from: courierFrom(settings) };
        cache.set(courierId, entry);
        // A failed DNS check must not stick for the whole cache period.
        entry.transport.catch(() => cache.get(courierId) === entry && cache.delete(courierId));
      }
      return { kind: 'courier', transport: await entry.transport, from: entry.from };
    },
    close() {
      for (const courierId of [...cache.keys()]) drop(courierId);
    },
  };
}
export type CourierTransports = ReturnType<typeof createCourierTransports>;
