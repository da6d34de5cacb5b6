import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { tooManyRequests } from '../lib/app-error';

export interface RateLimitPolicy {
  windowSeconds: number;
  ipMax: number;
  accountMax: number;
}

/**
 * Fixed-window counters in PostgreSQL, so every API instance behind a load balancer counts the
 * same hits. Returns the count after this hit.
 */
async function hit(db: Database, key: string, windowSeconds: number): Promise<number> {
  const result = await db.execute<{ hits: number }>(sql`
    insert into rate_limits (key, window_start, hits)
    values (${key}, to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds}), 1)
    on conflict (key, window_start) do update set hits = rate_limits.hits + 1
    returning hits`);
  return Number(result.rows[0]?.hits ?? 0);
}

async function current(db: Database, key: string, windowSeconds: number): Promise<number> {
  const result = await db.execute<{ hits: number }>(sql`
    select hits from rate_limits
    where key = ${key} and window_start = to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds})`);
  return Number(result.rows[0]?.hits ?? 0);
}

export function createRateLimiter(db: Database, policy: RateLimitPolicy) {
  return {
    /** Counts every attempt from an IP for an action; throws 429 past the limit. */
    async checkIp(action: string, ip: string) {
      if ((await hit(db, `${action}:ip:${ip}`, policy.windowSeconds)) > policy.ipMax) throw tooManyRequests();
    },
    /** Refuses an account that has had too many failures in the window. */
    async checkAccount(action: string, account: string) {
      if ((await current(db, `${action}:acct:${account}`, policy.windowSeconds)) >= policy.accountMax) throw tooManyRequests();
    },
    async recordAccountFailure(action: string, account: string) {
      await hit(db, `${action}:acct:${account}`, policy.windowSeconds);
    },
    /** Counts hits of a key (an action and an IP) in its own window; throws 429 past `max`. */
    async checkWithin(key: string, max: number, windowSeconds: number) {
      if ((await hit(db, key, windowSeconds)) > max) throw tooManyRequests();
    },
    async prune() {
      await db.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
