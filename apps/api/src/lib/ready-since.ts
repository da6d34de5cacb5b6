import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { LOCAL_TIME_ZONE } from './local-time';

const zone = sql.raw(`'${LOCAL_TIME_ZONE}'`);

/**
 * A parcel is uncollected when it has waited more than the courier's threshold in whole local
 * days: (today − day it became ready) > threshold, i.e. `packages.ready_since` (stored, kept by
 * migration 0027's trigger) before the start of the local day (today − threshold). Written as
 * an instant so packages_courier_ready_since_idx answers it. The Uncollected list, the dashboard
 * and the unknown/uncollected report all count with it.
 */
export function uncollectedCutoffSql(thresholdDays: SQL | number): SQL<Date> {
  return sql<Date>`(${uncollectedCutoffDaySql(thresholdDays)}::timestamp at time zone ${zone})`;
}

/** The same cutoff as a Jamaica day: a parcel ready on an earlier local day is uncollected (the ready-days counter). */
export function uncollectedCutoffDaySql(thresholdDays: SQL | number): SQL<string> {
  return sql<string>`((now() at time zone ${zone})::date - (${thresholdDays})::int)`;
}

/** Whole local days since a parcel became ready (the Uncollected list's "days waiting"). */
export function daysWaitingSql(readySince: AnyPgColumn | SQL): SQL<number> {
  return sql<number>`((now() at time zone ${zone})::date - (${readySince} at time zone ${zone})::date)`;
}
