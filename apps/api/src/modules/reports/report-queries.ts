import { sql, type SQL } from 'drizzle-orm';
import { AGING_BUCKET_DAYS, AGING_BUCKET_LABELS, AGING_BUCKETS } from '@parceldesk/shared/domain/billing';
import { DEFAULT_STORAGE_RULES } from '@parceldesk/shared/schemas/pricing-settings';
import type { ReportKind } from '@parceldesk/shared/schemas/reports';
import type { DbOrTx } from '../../db/client';
import { uncollectedCutoffSql } from '../../lib/ready-since';
import { branchIs, courierIs, courierGroup, courierOrder, courierSelect, dayInRange, dayPeriodOf, inRange, periodOf, rowsOf, serviceIs, zone, type ReportBody, type ReportFilters } from './report-filters';
import { delivery } from './report-delivery';
import { reportTable, withCourier } from './report-table';

/** An invoice bills parcels of the chosen service (through invoice_packages). */
const invoiceService = (f: ReportFilters) => (f.service
  ? sql`exists (select 1 from invoice_packages ip join packages p on p.id = ip.package_id where ip.invoice_id = i.id and p.service = ${f.service})`
  : sql`true`);

const REVENUE_SUMS = (code: SQL, amount: SQL) => sql`
  coalesce(sum(${amount}) filter (where ${code} in ('freight', 'membership_discount')), 0) as freight,
  coalesce(sum(${amount}) filter (where ${code} = 'processing_fee'), 0) as processing,
  coalesce(sum(${amount}) filter (where ${code} = 'gct'), 0) as gct,
  coalesce(sum(${amount}) filter (where ${code} not in ('freight', 'membership_discount', 'processing_fee', 'gct', 'customs_duty')), 0) as fees,
  coalesce(sum(${amount}) filter (where ${code} = 'customs_duty'), 0) as duty,
  coalesce(sum(${amount}), 0) as total`;

/**
 * Revenue from the daily roll-ups (migration 0026: lines of non-void invoices and invoices issued,
 * by courier, Jamaica day and invoice branch; 0027: the same per service an invoice bills), exact
 * for every filter but a branch-scoped user's customers, which the roll-ups do not hold.
 */
function revenueFromRollup(db: DbOrTx, f: ReportFilters) {
  const own = sql`${f.branchId ? sql`r.branch_id = ${f.branchId}` : sql`true`} and ${serviceIs('r', f)}`;
  const [lines, invoices] = f.service
    ? [sql`report_revenue_service_daily`, sql`report_invoices_service_daily`]
    : [sql`report_revenue_daily`, sql`report_invoices_daily`];
  return Promise.all([
    rowsOf(db, sql`
      select ${courierSelect(f, 'r')} ${dayPeriodOf(sql`r.day`, f.groupBy)} as period, ${REVENUE_SUMS(sql`r.code`, sql`r.amount_cents`)}
      from ${lines} r where ${courierIs('r', f)} and ${dayInRange(sql`r.day`, f.range)} and ${own}
      group by ${courierGroup(f, 'r')} period having sum(r.lines) > 0`),
    rowsOf(db, sql`
      select ${courierSelect(f, 'r')} ${dayPeriodOf(sql`r.day`, f.groupBy)} as period, sum(r.invoices) as invoices
      from ${invoices} r where ${courierIs('r', f)} and ${dayInRange(sql`r.day`, f.range)} and ${own}
      group by ${courierGroup(f, 'r')} period having sum(r.invoices) > 0`),
  ]);
}

/** Revenue from the invoice lines themselves: branch-scoped users (their customers' invoices). */
function revenueFromRows(db: DbOrTx, f: ReportFilters) {
  return Promise.all([
    rowsOf(db, sql`
      select ${courierSelect(f, 'l')} ${periodOf(sql`l.added_at`, f.groupBy)} as period, ${REVENUE_SUMS(sql`l.code`, sql`l.amount_cents`)}
      from invoice_lines l join invoices i on i.id = l.invoice_id
      where ${courierIs('l', f)} and ${inRange(sql`l.added_at`, f.range)} and i.status <> 'void' and ${branchIs('i', f)} and ${invoiceService(f)}
      group by ${courierGroup(f, 'l')} period`),
    rowsOf(db, sql`
      select ${courierSelect(f, 'i')} ${periodOf(sql`i.issued_at`, f.groupBy)} as period, count(*) as invoices
      from invoices i where ${courierIs('i', f)} and i.status <> 'void' and ${inRange(sql`i.issued_at`, f.range)} and ${branchIs('i', f)} and ${invoiceService(f)}
      group by ${courierGroup(f, 'i')} period`),
  ]);
}

/**
 * Revenue: invoice lines by the day they were charged (at issue, or when added later), void
 * invoices left out, by charge type; and the invoices issued per period. Freight is net of
 * membership discounts; fees are the unknown, switching, storage and delivery fees and other
 * charges; duty is assessed customs duty. Read from the daily roll-ups unless a filter needs the
 * rows (revenueFromRollup says which).
 */
async function revenue(db: DbOrTx, f: ReportFilters): Promise<ReportBody> {
  const [amounts, issued] = await (f.scopeBranch !== undefined ? revenueFromRows(db, f) : revenueFromRollup(db, f));
  const merged = new Map<string, Record<string, unknown>>();
  const keyOf = (row: Record<string, unknown>) => `${String(row.courier ?? '')}\u0000${String(row.period)}`;
  for (const row of amounts) merged.set(keyOf(row), { invoices: 0, ...row });
  for (const row of issued) {
    const into = merged.get(keyOf(row)) ?? { courier: row.courier, period: row.period, freight: 0, processing: 0, gct: 0, fees: 0, duty: 0, total: 0 };
    merged.set(keyOf(row), { ...into, invoices: row.invoices });
  }
  const rows = [...merged.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, row]) => row);
  const columns = withCourier(f, [
    { key: 'period', label: `Period (${f.groupBy})`, kind: 'text' },
    { key: 'invoices', label: 'Invoices', kind: 'count' },
    { key: 'freight', label: 'Freight', kind: 'money' },
    { key: 'processing', label: 'Processing', kind: 'money' },
    { key: 'gct', label: 'GCT', kind: 'money' },
    { key: 'fees', label: 'Fees', kind: 'money' },
    { key: 'duty', label: 'Duty', kind: 'money' },
    { key: 'total', label: 'Total', kind: 'money' },
  ]);
  return {
    notes: ['Charges by the day they were made (at issue, or when added to an invoice later), void invoices left out; invoices counted by the day they were issued. Freight is after membership discounts; fees are unknown-package, switching, storage and delivery fees and other charges.'],
    tables: [reportTable('revenue', 'Revenue by charge type', columns, rows, { label: 'period', series: ['freight', 'processing', 'gct', 'fees', 'duty'] })],
  };
}

/**
 * Payments recorded in the range (void ones left out), by method and by the staff member who took
 * them: the till report. Read from the daily roll-up (migration 0026: recorded payments by courier,
 * Jamaica day, counter branch, staff member and method) unless the caller is branch-scoped (their
 * customers' payments), which only the payments themselves answer.
 */
async function paymentsReport(db: DbOrTx, f: ReportFilters): Promise<ReportBody> {
  const rollup = f.scopeBranch === undefined;
  const source = rollup
    ? sql`(select r.courier_id, r.method, r.recorded_by, r.payments, r.amount_cents from report_payments_daily r
        where ${courierIs('r', f)} and ${dayInRange(sql`r.day`, f.range)} and ${f.branchId ? sql`r.branch_id = ${f.branchId}` : sql`true`})`
    : sql`(select p.courier_id, p.method, p.recorded_by, 1 as payments, p.amount_cents from payments p
        where ${courierIs('p', f)} and p.status = 'recorded' and ${inRange(sql`p.recorded_at`, f.range)} and ${branchIs('p', f)})`;
  const [byMethod, byStaff] = await Promise.all([
    rowsOf(db, sql`
      select ${courierSelect(f, 'pm')} case pm.method when 'cash' then 'Cash' when 'card' then 'Card' else 'Bank transfer' end as method,
        sum(pm.payments) as payments, sum(pm.amount_cents) as amount
      from ${source} pm
      group by ${courierGroup(f, 'pm')} pm.method having sum(pm.payments) > 0 order by ${courierOrder(f)} method`),
    rowsOf(db, sql`
      select ${courierSelect(f, 'pm')} coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email, 'Online (no staff member)') as staff,
        sum(pm.payments) as payments,
        coalesce(sum(pm.amount_cents) filter (where pm.method = 'cash'), 0) as cash,
        coalesce(sum(pm.amount_cents) filter (where pm.method = 'card'), 0) as card,
        coalesce(sum(pm.amount_cents) filter (where pm.method = 'bank_transfer'), 0) as bank_transfer,
        sum(pm.amount_cents) as amount
      from ${source} pm left join users u on u.id = pm.recorded_by
      group by ${courierGroup(f, 'pm')} pm.recorded_by, u.first_name, u.last_name, u.email having sum(pm.payments) > 0 order by ${courierOrder(f)} staff`),
  ]);
  return {
    notes: ['Payments recorded in the range, void payments left out.', ...(f.service ? ['The service filter does not apply to payments.'] : [])],
    tables: [
      reportTable('by_method', 'Payments by method', withCourier(f, [
        { key: 'method', label: 'Method', kind: 'text' }, { key: 'payments', label: 'Payments', kind: 'count' }, { key: 'amount', label: 'Amount', kind: 'money' },
      ]), byMethod, { label: 'method', series: ['amount'] }),
      reportTable('by_staff', 'Payments by staff member', withCourier(f, [
        { key: 'staff', label: 'Staff member', kind: 'text' }, { key: 'payments', label: 'Payments', kind: 'count' },
        { key: 'cash', label: 'Cash', kind: 'money' }, { key: 'card', label: 'Card', kind: 'money' },
        { key: 'bank_transfer', label: 'Bank transfer', kind: 'money' }, { key: 'amount', label: 'Total', kind: 'money' },
      ]), byStaff, { label: 'staff', series: ['cash', 'card', 'bank_transfer'] }),
    ],
  };
}

/** The invoice lists' aging buckets (whole days since issue), labelled as they are. */
const AGE_BUCKETS = sql`case ${sql.join(AGING_BUCKETS.map((bucket) => {
  const [, max] = AGING_BUCKET_DAYS[bucket];
  return max === null ? sql`else ${AGING_BUCKET_LABELS[bucket]}` : sql`when days <= ${max} then ${AGING_BUCKET_LABELS[bucket]}`;
}), sql` `)} end`;

/** Invoices issued in the range that are still unpaid or part paid, by their age today. */
async function outstanding(db: DbOrTx, f: ReportFilters): Promise<ReportBody> {
  const rows = await rowsOf(db, sql`
    select ${f.courierId ? sql`` : sql`courier,`} ${AGE_BUCKETS} as age, count(*) as invoices, sum(total_cents) as total, sum(paid_cents) as paid, sum(balance_cents) as balance
    from (
      select ${courierSelect(f, 'i')} i.total_cents, i.paid_cents, i.balance_cents,
        ((now() at time zone ${zone})::date - (i.issued_at at time zone ${zone})::date) as days
      from invoices i
      where ${courierIs('i', f)} and i.status in ('unpaid', 'partially_paid') and ${inRange(sql`i.issued_at`, f.range)}
        and ${branchIs('i', f)} and ${invoiceService(f)}
    ) open
    group by ${f.courierId ? sql`` : sql`courier,`} age
    order by ${courierOrder(f)} min(days)`);
  const columns = withCourier(f, [
    { key: 'age', label: 'Age', kind: 'text' }, { key: 'invoices', label: 'Invoices', kind: 'count' },
    { key: 'total', label: 'Invoiced', kind: 'money' }, { key: 'paid', label: 'Paid', kind: 'money' }, { key: 'balance', label: 'Outstanding', kind: 'money' },
  ]);
  return {
    notes: ['Unpaid and part-paid invoices issued in the range, aged in days since issue as of today.'],
    tables: [reportTable('outstanding', 'Outstanding invoices by age', columns, rows, { label: 'age', series: ['balance'] })],
  };
}

/**
 * Parcels received (by their received time), shipped (moved to in transit) and collected or
 * delivered, by period. Shipped and collected count distinct parcels per period, which a daily
 * sum cannot give exactly (a parcel moved twice in a month), so they stay on the history rows.
 */
async function parcels(db: DbOrTx, f: ReportFilters): Promise<ReportBody> {
  const pkg = sql`${courierIs('p', f)} and ${branchIs('p', f)} and ${serviceIs('p', f)}`;
  // The history rows alone answer unless a branch or service narrows the parcels (migration 0016's index covers them).
  const narrowed = Boolean(f.branchId || f.service || f.scopeBranch !== undefined);
  const moved = (statuses: SQL) => sql`
    select ${courierSelect(f, 'e')} ${periodOf(sql`e.created_at`, f.groupBy)} as period, count(distinct e.package_id) as n, 0::numeric as weight
    from package_events e ${narrowed ? sql`join packages p on p.id = e.package_id` : sql``}
    where ${courierIs('e', f)} and e.status in (${statuses}) and ${inRange(sql`e.created_at`, f.range)} and ${narrowed ? pkg : sql`true`}
    group by ${courierGroup(f, 'e')} period`;
  const [received, shipped, collected] = await Promise.all([
    // Received from the daily roll-up (migration 0026) unless the caller is branch-scoped (their customers' parcels).
    f.scopeBranch === undefined
      ? rowsOf(db, sql`
        select ${courierSelect(f, 'r')} ${dayPeriodOf(sql`r.day`, f.groupBy)} as period, sum(r.parcels) as n, sum(r.weight) as weight
        from report_parcels_daily r where ${courierIs('r', f)} and ${dayInRange(sql`r.day`, f.range)}
          and ${f.branchId ? sql`r.branch_id = ${f.branchId}` : sql`true`} and ${serviceIs('r', f)}
        group by ${courierGroup(f, 'r')} period having sum(r.parcels) > 0`)
      : rowsOf(db, sql`
        select ${courierSelect(f, 'p')} ${periodOf(sql`p.received_at`, f.groupBy)} as period, count(*) as n, sum(p.weight) as weight
        from packages p where ${pkg} and ${inRange(sql`p.received_at`, f.range)}
        group by ${courierGroup(f, 'p')} period`),
    rowsOf(db, moved(sql`'in_transit'`)),
    rowsOf(db, moved(sql`'collected', 'delivered'`)),
  ]);
  const merged = new Map<string, Record<string, unknown>>();
  const put = (rows: Record<string, unknown>[], key: 'received' | 'shipped' | 'collected') => {
    for (const row of rows) {
      const id = `${String(row.courier ?? '')}\u0000${String(row.period)}`;
      const into = merged.get(id) ?? { courier: row.courier, period: row.period, received: 0, weight: 0, shipped: 0, collected: 0 };
      into[key] = row.n;
      if (key === 'received') into.weight = row.weight;
      merged.set(id, into);
    }
  };
  put(received, 'received');
  put(shipped, 'shipped');
  put(collected, 'collected');
  const rows = [...merged.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, row]) => row);
  const columns = withCourier(f, [
    { key: 'period', label: `Period (${f.groupBy})`, kind: 'text' }, { key: 'received', label: 'Received', kind: 'count' },
    { key: 'weight', label: 'Weight received (lb)', kind: 'weight' }, { key: 'shipped', label: 'Shipped', kind: 'count' },
    { key: 'collected', label: 'Collected or delivered', kind: 'count' },
  ]);
  return {
    notes: ['Received: parcels received at the warehouse in the period. Shipped: parcels whose manifest departed. Collected: parcels collected at a branch or delivered.'],
    tables: [reportTable('parcels', 'Parcels received, shipped and collected', columns, rows, { label: 'period', series: ['received', 'shipped', 'collected'] })],
  };
}

/** Manifests departed in the range (or created, while not departed): parcels, weight and declared value of each. */
async function manifestsReport(db: DbOrTx, f: ReportFilters): Promise<ReportBody> {
  const narrowed = Boolean(f.branchId || f.scopeBranch !== undefined);
  const rows = await rowsOf(db, sql`
    select ${courierSelect(f, 'm')} m.number as manifest, upper(m.service) as service, replace(m.status, '_', ' ') as status,
      to_char(coalesce(m.departed_at, m.created_at) at time zone ${zone}, 'YYYY-MM-DD') as "date",
      count(p.id) as parcels, coalesce(sum(p.weight), 0) as weight, coalesce(sum(p.declared_value_cents), 0) as value
    from manifests m
    left join manifest_packages mp on mp.manifest_id = m.id
    left join packages p on p.id = mp.package_id and ${branchIs('p', f)}
    where ${courierIs('m', f)} and ${serviceIs('m', f)} and ${inRange(sql`coalesce(m.departed_at, m.created_at)`, f.range)}
    group by m.id ${narrowed ? sql`having count(p.id) > 0` : sql``}
    order by ${courierOrder(f)} "date", manifest`);
  const columns = withCourier(f, [
    { key: 'manifest', label: 'Manifest', kind: 'text' }, { key: 'service', label: 'Service', kind: 'text' }, { key: 'status', label: 'Status', kind: 'text' },
    { key: 'date', label: 'Departed (or created)', kind: 'text' }, { key: 'parcels', label: 'Parcels', kind: 'count' },
    { key: 'weight', label: 'Weight (lb)', kind: 'weight' }, { key: 'value', label: 'Declared value (US$)', kind: 'usd' },
  ]);
  return {
    notes: ['Manifests that departed in the range, and those created in it that have not departed yet.', ...(narrowed ? ['Only the parcels of the branch are counted.'] : [])],
    tables: [reportTable('manifests', 'Manifests summary', columns, rows, { label: 'manifest', series: ['parcels'] })],
  };
}

/**
 * Unknown parcels received in the range (how many are still unknown), and the parcels
 * uncollected today (ready for pickup past the courier's threshold, as the Uncollected screen
 * counts them) by branch, with their storage fees so far.
 */
async function unknownUncollected(db: DbOrTx, f: ReportFilters): Promise<ReportBody> {
  // One courier's threshold is a constant of the statement, so the cutoff bounds the ready_since index scan.
  const thresholdOf = f.courierId ? sql`${f.courierId}::uuid` : sql`packages.courier_id`;
  const threshold = sql`coalesce((select s.storage_threshold_days from courier_pricing_settings s where s.courier_id = ${thresholdOf}), ${DEFAULT_STORAGE_RULES.thresholdDays})`;
  const [unknown, uncollected] = await Promise.all([
    rowsOf(db, sql`
      select ${courierSelect(f, 'e')} ${periodOf(sql`e.created_at`, f.groupBy)} as period, count(*) as received,
        count(*) filter (where p.status = 'unknown') as still_unknown, count(*) filter (where p.status <> 'unknown') as matched
      from package_events e join packages p on p.id = e.package_id
      where ${courierIs('e', f)} and e.kind = 'received' and e.status = 'unknown' and ${inRange(sql`e.created_at`, f.range)}
        and ${courierIs('p', f)} and ${f.branchId ? sql`p.branch_id = ${f.branchId}` : sql`true`} and ${serviceIs('p', f)}
      group by ${courierGroup(f, 'e')} period
      order by ${courierOrder(f)} period`),
    // The Uncollected screen's rule (lib/ready-since.ts) on the stored ready_since (migration 0027).
    rowsOf(db, sql`
      select ${courierSelect(f, 'packages')} coalesce(b.name, 'No branch') as branch, count(*) as parcels,
        coalesce(sum((select sum(sc.amount_cents) from storage_charges sc where sc.package_id = packages.id)), 0) as fees
      from packages left join customers c on c.id = packages.customer_id left join branches b on b.id = c.branch_id
      where ${courierIs('packages', f)} and packages.status = 'ready_for_pickup' and packages.customer_id is not null
        and packages.ready_since < ${uncollectedCutoffSql(threshold)}
        and ${branchIs('packages', f)} and ${serviceIs('packages', f)}
      group by ${courierGroup(f, 'packages')} coalesce(b.name, 'No branch') order by ${courierOrder(f)} branch`),
  ]);
  return {
    notes: ['Uncollected counts the parcels waiting today past the courier\'s threshold; the date range does not apply to it.'],
    tables: [
      reportTable('unknown', 'Unknown parcels received', withCourier(f, [
        { key: 'period', label: `Period (${f.groupBy})`, kind: 'text' }, { key: 'received', label: 'Received unknown', kind: 'count' },
        { key: 'still_unknown', label: 'Still unknown', kind: 'count' }, { key: 'matched', label: 'Since matched', kind: 'count' },
      ]), unknown, { label: 'period', series: ['still_unknown', 'matched'] }),
      reportTable('uncollected', 'Uncollected today by branch', withCourier(f, [
        { key: 'branch', label: 'Branch', kind: 'text' }, { key: 'parcels', label: 'Parcels', kind: 'count' }, { key: 'fees', label: 'Storage fees so far', kind: 'money' },
      ]), uncollected, { label: 'branch', series: ['parcels'] }),
    ],
  };
}

export const REPORT_BUILDERS: Record<ReportKind, (db: DbOrTx, filters: ReportFilters) => Promise<ReportBody>> = {
  revenue,
  payments: paymentsReport,
  outstanding,
  parcels,
  manifests: manifestsReport,
  unknown_uncollected: unknownUncollected,
  delivery,
};
