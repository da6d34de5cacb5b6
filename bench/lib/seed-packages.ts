import type pg from 'pg';

/** Issue 11 volume: 1,000,000 packages over the 20 couriers, the first (BC01, the bench admin's) with 200,000. */
export const PACKAGE_SEED = { total: 1_000_000, biggest: 200_000 };
/**
 * The tracking numbers the bench's own receive rows give their scans (bench/run.ts, bench/cpu-cost.ts):
 * a kept database (BENCH_REUSE) drops them before a run, so it is the seed again.
 */
export const BENCH_SCAN_PREFIX = 'BENCH';

/** The bodies of a run of bench scans: each a new tracking number, for a mailbox of the biggest courier. */
export function benchScanBodies(): () => string {
  const runStarted = Date.now();
  let scan = 0;
  return () => JSON.stringify({ trackingNumber: `${BENCH_SCAN_PREFIX}${runStarted}${(scan += 1)}`, mailboxNumber: 'BC01-000123', weight: 3.25, length: 12, width: 10, height: 8 });
}
const STATUSES = ['received', 'manifested', 'in_transit', 'arrived', 'ready_for_pickup', 'collected', 'delivered', 'on_hold'];

/**
 * Packages and their history, set-based (one statement per table, like the rest of the seed).
 * Every 50th package is unknown; the rest belong to the courier's customers in turn, received
 * over the last year; each has its received event and, past received, one status event. The
 * trigram search index (on package_search, which packages' insert trigger fills) is built after
 * the rows (one index build beats a million insertions).
 */
export async function seedPackages(pool: pg.Pool, numbered: string): Promise<{ packages: number; events: number }> {
  const q = (text: string, values: unknown[] = []) => pool.query(text, values);
  const couriers = Number((await q(`select count(*)::int as n from ${numbered} c`)).rows[0].n);
  const perOther = Math.ceil((PACKAGE_SEED.total - PACKAGE_SEED.biggest) / Math.max(1, couriers - 1));
  const search = (await q(`select indexdef from pg_indexes where indexname = 'package_search_text_idx'`)).rows[0]?.indexdef as string | undefined;
  await q('drop index if exists package_search_text_idx');
  await q(`with cust as (select courier_id, array_agg(id order by mailbox_number) as ids, array_agg(branch_id order by mailbox_number) as branches from customers group by courier_id)
    insert into packages (courier_id, package_no, tracking_number, carrier, status, customer_id, branch_id, service, shipper, description,
      declared_value_cents, pieces, weight, volumetric_divisor, chargeable_weight, label_name, received_at, created_at, updated_at, ready_since)
    select c.id, upper(c.code) || '-P-' || lpad(g::text, 7, '0'),
      case g % 4 when 0 then '1Z' || lpad((c.n * 10000000 + g)::text, 16, '0') when 1 then '9400' || lpad((c.n * 10000000 + g)::text, 18, '0')
        when 2 then 'TBA' || lpad((c.n * 10000000 + g)::text, 12, '0') else lpad((c.n * 10000000 + g)::text, 12, '0') end,
      (array['ups', 'usps', 'amazon', 'fedex'])[1 + g % 4],
      case when g % 50 = 0 then 'unknown' else ($1::text[])[1 + g % 8] end,
      case when g % 50 = 0 then null else cust.ids[1 + g % array_length(cust.ids, 1)] end,
      cust.branches[1 + g % array_length(cust.branches, 1)],
      case when g % 5 = 0 then 'sea' else 'air' end,
      (array['Amazon', 'eBay', 'Shein', 'Walmart', 'Best Buy'])[1 + g % 5], 'Clothes and shoes', 1000 + (g % 500) * 100, 1,
      1 + (g % 200) / 10.0, 166, ceil(1 + (g % 200) / 10.0)::int,
      case when g % 50 = 0 then 'Unreadable label' end,
      t.at, t.at, t.at,
      -- When it became ready, as its history below says (without it the trigger of migration 0027 would say now).
      case when g % 50 <> 0 and ($1::text[])[1 + g % 8] = 'ready_for_pickup' then t.at + interval '2 days' end
    from ${numbered} c join cust on cust.courier_id = c.id
    cross join lateral generate_series(1, case when c.n = 1 then $2::int else $3::int end) g
    cross join lateral (select now() - ((g * 7919) % 365) * interval '1 day' - ((g * 31) % 86400) * interval '1 second' as at) t`,
  [STATUSES, PACKAGE_SEED.biggest, perOther]);
  if (search) await q(search);
  await q(`insert into courier_counters (courier_id, kind, last_no) select courier_id, 'package', count(*) from packages group by courier_id
    on conflict (courier_id, kind) do update set last_no = excluded.last_no`);
  await q(`insert into package_events (courier_id, package_id, kind, status, note, actor_type, created_at)
    select courier_id, id, 'received', case when status = 'unknown' then 'unknown' else 'received' end, 'Received at the warehouse', 'system', received_at from packages
    union all
    select courier_id, id, 'status', status, null, 'system', received_at + interval '2 days' from packages where status not in ('received', 'unknown')`);
  const count = async (table: string) => Number((await q(`select count(*) as n from ${table}`)).rows[0].n);
  return { packages: await count('packages'), events: await count('package_events') };
}
