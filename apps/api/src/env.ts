import { config as loadDotenv } from 'dotenv';
import path from 'node:path';
import { z } from 'zod';

// The only module that reads process.env (STYLE.md). A .env file in the working directory is optional.
loadDotenv({ quiet: true });

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** A 32-byte key as 64 hex digits or base64 (same rule as security/encryption.ts decodeKey). */
function isKey32(value: string): boolean {
  if (/^[0-9a-f]{64}$/i.test(value)) return true;
  return /^[A-Za-z0-9+/_-]{43}=?$/.test(value) && Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64').length === 32;
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Loopback unless told otherwise (issue 15): exposing the server is a deliberate HOST=0.0.0.0.
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  JWT_SECRET: z.string().min(32).optional(),
  SUPERADMIN_EMAIL: z.string().email().default('superadmin@parceldesk.local'),
  SUPERADMIN_PASSWORD: z.string().min(8).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('ParcelDesk <no-reply@parceldesk.local>'),
  ALLOW_PRIVATE_SMTP: flag,
  /** Webhook URLs may name private/loopback hosts (tests, a receiver on the same network); off by default (issue 17). */
  ALLOW_PRIVATE_WEBHOOKS: flag,
  /** How often each instance hands new webhook deliveries to the job queue. */
  WEBHOOK_POLL_MS: z.coerce.number().int().min(50).default(1000),
  /** Retries of a failed delivery (exponential backoff from WEBHOOK_RETRY_DELAY_SECONDS), then it is marked failed. */
  WEBHOOK_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(8),
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(30),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** 32 bytes as 64 hex digits or base64: encrypts courier SMTP passwords (security/encryption.ts). */
  SMTP_ENCRYPTION_KEY: z.string().trim().optional().transform((value) => value || undefined)
    .refine((value) => value === undefined || isKey32(value), 'must be 32 bytes written as 64 hex digits or base64'),
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).default(2000),
  /** A live-event stream (GET /events/stream) ends after this long and the browser reconnects, re-checking its session (issue 5). */
  EVENTS_STREAM_MAX_MS: z.coerce.number().int().min(100).default(10 * 60 * 1000),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  RATE_LIMIT_IP_MAX: z.coerce.number().int().min(1).default(50),
  RATE_LIMIT_ACCOUNT_MAX: z.coerce.number().int().min(1).default(10),
  /** Public tracking lookups (GET /api/track/{number}) per IP per minute. */
  TRACK_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  TRUST_PROXY: flag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().default('apps/web/dist'),
});

export type Env = z.infer<typeof envSchema> & { dataDir: string; webDistDir: string; publicUrl: string };

/** Parses an environment (process.env by default); tests pass their own overrides. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const env = parsed.data;
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
  };
}

/** Test runs read their database from here; kept in this file so process.env stays in one place. */
export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}
