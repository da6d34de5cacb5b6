import { randomUUID } from 'node:crypto';
import { is, Param, SQL, sql, type SQLWrapper } from 'drizzle-orm';
import { PgJsonb } from 'drizzle-orm/pg-core';
import { PACKAGE_NUMBER_DIGITS } from '@parceldesk/shared/domain/packages';
import type { DbOrTx } from '../../db/client';
import { nextNumberInsert } from '../../lib/counters';

/**
 * Stands for the package number in everything receive writes, until the statement that writes
 * them puts the number in (letters and digits only, so URL and JSON encoding leave it whole).
 */
export const PACKAGE_NUMBER_TOKEN = `PKGNO${randomUUID().replace(/-/g, '')}`;

/** The CTE that holds the number: `package_number(no)`. */
const NUMBER_CTE = 'package_number';
const numberSql = sql`(select no from ${sql.identifier(NUMBER_CTE)})`;

/**
 * The CTEs that take the courier's next package number and format it, ahead of the writes
 * (runAsOneStatement's `first`). The format is formatPackageNumber's (packages/shared): the code
 * upper case, `-P-`, the sequence padded to PACKAGE_NUMBER_DIGITS and never cut; receive.test.ts
 * checks the two agree.
 */
export function packageNumberCtes(db: DbOrTx, courierId: string, courierCode: string) {
  const taken = nextNumberInsert(db, courierId, 'package');
  const digits = sql`n.last_no::text`;
  return [
    { name: 'package_counter', query: taken },
    {
      name: NUMBER_CTE,
      query: sql`select ${`${courierCode.toUpperCase()}-P-`} || lpad(${digits}, greatest(${PACKAGE_NUMBER_DIGITS}, length(${digits})), '0') as no from ${sql.identifier('package_counter')} n`,
    },
  ];
}

/**
 * The write with every value that holds PACKAGE_NUMBER_TOKEN (a text, a JSON column's value, a
 * NOTIFY payload) replaced by SQL that puts the number from the statement's CTE in its place.
 */
export function withPackageNumber(write: SQLWrapper): SQL {
  const swap = (chunk: unknown): unknown => {
    if (Array.isArray(chunk)) return chunk.map(swap);
    if (is(chunk, SQL)) return new SQL(chunk.queryChunks.map(swap) as SQL['queryChunks']);
    if (is(chunk, SQL.Aliased)) return new SQL.Aliased(swap(chunk.sql) as SQL, chunk.fieldAlias);
    if (is(chunk, Param)) {
      const encoded: unknown = chunk.encoder.mapToDriverValue(chunk.value);
      if (typeof encoded !== 'string' || !encoded.includes(PACKAGE_NUMBER_TOKEN)) return chunk;
      const replaced = sql`replace(${encoded}::text, ${PACKAGE_NUMBER_TOKEN}, ${numberSql})`;
      return is(chunk.encoder, PgJsonb) ? sql`${replaced}::jsonb` : replaced;
    }
    if (typeof chunk === 'string' && chunk.includes(PACKAGE_NUMBER_TOKEN)) return sql`replace(${chunk}::text, ${PACKAGE_NUMBER_TOKEN}, ${numberSql})`;
    return chunk;
  };
  return swap(write.getSQL()) as SQL;
}
