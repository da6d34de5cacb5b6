import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { prepareStatement, runPrepared } from '../db/prepared';
import { MSG } from '@parceldesk/shared/messages';
import { tooManyRequests } from '../lib/app-error';

export interface RateLimitPolicy {
  windowSeconds: number;
  ipMax: number;
  accountMax: number;
}

/**
 * One hit of a key ($1) in its fixed window of $2 seconds, returning `hits` after it. The one
 * home of the counting SQL: a route on a hot public path (tracking) runs it as a CTE of its own
 * statement, so the count and the answer take one round trip.
 */
/** The start of the current fixed window of $2 seconds. */
const WINDOW_START_SQL = 'to_timestamp(floor(extract(epoch from now()) / $2::int) * $2::int)';
export const RATE_LIMIT_HIT_SQL = `insert into rate_limits (key, window_start, hits, last_hit_at)
    values ($1, ${WINDOW_START_SQL}, 1, now())
    on conflict (key, window_start) do update set hits = rate_limits.hits + 1, last_hit_at = now()
    returning hits`;
const hitStatement = prepareStatement<{ hits: number }, [string, number]>('rate-limit-hit', RATE_LIMIT_HIT_SQL);

/**
 * Fixed-window counters in PostgreSQL, so every API instance behind a load balancer counts the
 * same hits. Returns the count after this hit.
 */
async function hit(db: Database, key: string, windowSeconds: number): Promise<number> {
  const [row] = await runPrepared(db, hitStatement, [key, windowSeconds]);
  return Number(row?.hits ?? 0);
}

/**
 * A sign-in's throttle in one statement (issue 16: three before, each a wait for a pooled
 * connection under load): the address's hit ($1) and, before it, the account's failures ($3) and
 * the seconds since this address's last failure for the account ($4), in the window of $2 seconds.
 */
const signInCheckStatement = prepareStatement<{ hits: number; failures: number | null; since: number | null }, [string, number, string, string]>('rate-limit-sign-in', `
  with hit as (${RATE_LIMIT_HIT_SQL})
  select hit.hits,
    (select r.hits from rate_limits r where r.key = $3 and r.window_start = ${WINDOW_START_SQL}) as failures,
    (select extract(epoch from now() - r.last_hit_at)::float8 from rate_limits r where r.key = $4 and r.window_start = ${WINDOW_START_SQL}) as since
  from hit`);

async function current(db: Database, key: string, windowSeconds: number): Promise<number> {
  const result = await db.execute<{ hits: number }>(sql`
    select hits from rate_limits
    where key = ${key} and window_start = to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds})`);
  return Number(result.rows[0]?.hits ?? 0);
}

/** The longest a sign-in is slowed down: long enough to make guessing slow, short enough that it never locks anyone out. */
export const MAX_SIGN_IN_DELAY_SECONDS = 300;

/** The wait after an address's last failure, once the account has had `failures` (free allowance `free`). */
export function signInDelaySeconds(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(2 ** (failures - free + 1), MAX_SIGN_IN_DELAY_SECONDS);
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
    /**
     * Sign-in throttle (issue 15, items 4 and 5). Per address, a hard limit per window as before.
     * Per account, no lockout: once the account has had `accountMax` failures in the window, an
     * address that has itself failed for the account waits an exponentially growing delay after
     * its last failure (429 with Retry-After). An address that has not failed for the account is
     * not slowed by other addresses' failures, so ten wrong passwords from ten addresses cannot
     * keep the owner out; after the wait a correct password signs in.
     */
    async checkSignIn(action: string, account: string, ip: string) {
      const [row] = await runPrepared(db, signInCheckStatement, [`${action}:ip:${ip}`, policy.windowSeconds, `${action}:acct:${account}`, `${action}:pair:${account}:${ip}`]);
      if (Number(row?.hits ?? 0) > policy.ipMax) throw tooManyRequests();
      const delay = signInDelaySeconds(Number(row?.failures ?? 0), policy.accountMax);
      if (delay === 0) return;
      const since = row?.since ?? null;
      if (since !== null && since < delay) throw tooManyRequests(MSG.signInSlowedDown, Math.max(1, Math.ceil(delay - since)));
    },
    async recordSignInFailure(action: string, account: string, ip: string) {
      await hit(db, `${action}:acct:${account}`, policy.windowSeconds);
      await hit(db, `${action}:pair:${account}:${ip}`, policy.windowSeconds);
    },
    async prune() {
      await db.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
