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
