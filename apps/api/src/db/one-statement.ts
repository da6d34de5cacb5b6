import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { commitWithLast } from './statement-then-commit';
import { dialect } from './prepared';

/**
 * The writes of one command sent as one statement (issues 11/12: a scan's history row, audit
 * row, notification, email and idempotency answer cost one round trip instead of five). Each
 * write is a Drizzle insert/update builder, not awaited (`tx.insert(t).values(v)`), run as a
 * data-modifying CTE; the NOTIFYs (`pg_notify(...)` expressions, delivered at commit) are
 * evaluated once. `result`, a query, gives the statement's rows (none: one row of nulls): it reads
 * the one snapshot every part of the statement sees, the rows as they were before these writes. No write may read
 * another's rows either: use it for independent rows. Foreign keys are checked at the end of the
 * statement, so a row may refer to a row another write of the same statement inserts (a package
 * and its first event). `last`: the command's last statement (no `result`); in a transaction of
 * `inTransactionCommittedByLast` it carries the COMMIT, elsewhere it runs as any other.
 */
export async function runAsOneStatement<Row extends Record<string, unknown> = Record<string, never>>(
  db: DbOrTx,
  input: { writes: readonly SQLWrapper[]; notifies?: readonly SQL[]; result?: SQLWrapper; first?: readonly { name: string; query: SQLWrapper }[]; last?: boolean },
): Promise<Row[]> {
  const notifies = input.notifies ?? [];
  if (input.writes.length === 0 && notifies.length === 0 && !input.result) return [];
  // `first`: named CTEs ahead of the writes, which may read them (receive's package number).
  const ctes = [
    ...(input.first ?? []).map(({ name, query }) => sql`${sql.identifier(name)} as (${query.getSQL()})`),
    ...input.writes.map((write, i) => sql`${sql.raw(`w${i}`)} as (${write.getSQL()})`),
  ];
  const told = notifies.length ? sql.join([...notifies], sql`, `) : sql`1`;
  if (!input.result) {
    const statement = sql`${ctes.length ? sql`with ${sql.join(ctes, sql`, `)} ` : sql``}select ${told}`;
    const commit = input.last ? commitWithLast(db) : null;
    if (commit) {
      const query = dialect.sqlToQuery(statement);
      await commit(query.sql, query.params);
    } else {
      await db.execute(statement);
    }
    return [];
  }
  // The NOTIFYs in a materialized CTE the result joins: evaluated exactly once, whatever the result's row count.
  ctes.push(sql`told as materialized (select ${told})`);
  const result = await db.execute<Row>(sql`with ${sql.join(ctes, sql`, `)} select r.* from told left join lateral (${input.result}) r on true`);
  return result.rows as Row[];
}
