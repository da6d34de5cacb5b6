import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** Jamaica's zone (UTC-5 all year); dates of lists are filtered as the courier's users read them. */
export const LOCAL_TIME_ZONE = 'America/Jamaica';

/**
 * A timestamp as local 'YYYY-MM-DD HH24:MI' text: what a list's date column is text-filtered on
 * under the list convention, so typing '2026-03' or '2026-03-14' narrows to that month or day.
 */
export function localDateTime(column: AnyColumn | SQL): SQL<string> {
  return sql<string>`to_char(${column} at time zone ${sql.raw(`'${LOCAL_TIME_ZONE}'`)}, 'YYYY-MM-DD HH24:MI')`;
}

/** The instant a local day ('YYYY-MM-DD') begins in Jamaica, for index-friendly date ranges. */
export function localDayStart(day: string): SQL {
  return sql`((${day})::date)::timestamp at time zone ${sql.raw(`'${LOCAL_TIME_ZONE}'`)}`;
}

/** The instant after a local day ends (the next day's start): `column < localDayEnd(to)` includes all of `to`. */
export function localDayEnd(day: string): SQL {
  return sql`(((${day})::date + 1)::timestamp) at time zone ${sql.raw(`'${LOCAL_TIME_ZONE}'`)}`;
}
