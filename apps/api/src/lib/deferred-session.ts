import { sql, type SQL } from 'drizzle-orm';
import type { CheckedSession } from './principal';

/**
 * Issue 16: the session check inside a list's own statement (docs/decisions/007, "Sixth pass").
 *
 * A signed-in list request used to cost two statements: the session check, then the page. Each
 * is a socket write and a round trip, and the writes were the largest share of a list's CPU. Now
 * a list route whose session was checked before in this process starts from that check's result
 * (a guess, never trusted on its own): the route's handler runs with it, and the page's statement
 * selects the session's fingerprint as the check would read it at that moment. The answer is sent
 * only when the fingerprint equals the guess's; anything else (a revoked or expired session, a
 * changed role, branch or permission, a suspended courier, a page with no rows to carry it) makes
 * the route check the session on its own and, if the principal changed, run the handler again
 * with the one it found (plugins/auth.ts). Revocation still takes effect at once, on every instance.
 *
 * The check reaches the statement with the request's own parsed query object (every list passes
 * it to runListQuery) or by hand (readTogether's `session`). Not AsyncLocalStorage: on Node.js 20
 * enabling it made every promise in the process about 2.5 times as slow (a loop of awaits, 217 to
 * 512 ms). A statement the check does not reach only costs the separate check afterwards.
 */
export interface DeferredSessionCheck {
  /** The session's last check in this process; its principal names the session. */
  readonly guess: CheckedSession;
  /** The session check as a scalar subquery answering the fingerprint, for the session given as SQL (lib/principal.ts). */
  readonly fingerprintSql: (session: SQL) => SQL;
  /** pending: not yet compared; confirmed: a statement read the same fingerprint; changed: it did not. */
  state: 'pending' | 'confirmed' | 'changed';
}

/** Each deferred request's check, by its parsed query (an object of that request alone). */
const byQuery = new WeakMap<object, DeferredSessionCheck>();

/** Lets the statements given this request's query carry its check. */
export function carrySessionCheck(query: unknown, check: DeferredSessionCheck): void {
  if (typeof query === 'object' && query !== null) byQuery.set(query, check);
}

/** The check a statement may still carry: the one given, or the one of the request whose query it reads. */
export function pendingSessionCheck(check: DeferredSessionCheck | null | undefined, query?: object): DeferredSessionCheck | undefined {
  const found = check ?? (query ? byQuery.get(query) : undefined);
  return found?.state === 'pending' ? found : undefined;
}

/** The column a statement selects to carry the check: `session` is the session id as a value, or a placeholder of a prepared statement. */
export function sessionColumn(check: DeferredSessionCheck, session: SQL = sql`${check.guess.principal.sessionId}`): SQL<string | null> {
  return sql<string | null>`${check.fingerprintSql(session)}`;
}

/** Settles a check with the fingerprint a statement read (null: the session is no longer live). */
export function settleSessionCheck(check: DeferredSessionCheck, fingerprint: unknown): void {
  if (check.state !== 'pending') return;
  check.state = typeof fingerprint === 'string' && fingerprint === check.guess.fingerprint ? 'confirmed' : 'changed';
}

/** At most this many sessions' last checks are kept per process (the oldest goes first). */
const MAX_GUESSES = 10_000;

/**
 * The last check of each session this process made: only ever a guess for the next request of
 * the same session, which its statement confirms or refutes. Never an answer on its own.
 */
export class SessionGuesses {
  private readonly bySession = new Map<string, CheckedSession>();

  get(sessionId: string): CheckedSession | undefined {
    return this.bySession.get(sessionId);
  }

  remember(checked: CheckedSession): void {
    const { sessionId } = checked.principal;
    this.bySession.delete(sessionId);
    if (this.bySession.size >= MAX_GUESSES) this.bySession.delete(this.bySession.keys().next().value as string);
    this.bySession.set(sessionId, checked);
  }

  forget(sessionId: string): void {
    this.bySession.delete(sessionId);
  }
}
