import pg from 'pg';

/**
 * Issue 14's bench volume: the invoices and payments of the bench seed's parcels, set-based. Every
 * parcel of a customer past transit (arrived, ready, collected, delivered, on hold) has an invoice
 * issued three days after receipt: freight by chargeable weight, the J$230 processing fee, 15 % GCT
 * on freight, an unknown-package fee on one in 25 and customs duty on one in 15. Collected and
 * delivered parcels, and two in three of the rest, are paid in full by one payment a day later,
 * taken by one of the courier's staff (cash, card, bank transfer in turn). Allocations and
 * packages.invoice_id are not seeded: no report reads them.
 */
export async function seedBilling(url: string): Promise<{ invoices: number; lines: number; payments: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = (text: string) => client.query(text);
  try {
    // Resumable: each step is skipped when its rows are there (a bench killed mid-seed goes on from there).
    const has = async (table: string) => (await client.query(`select exists (select 1 from ${table}) as x`)).rows[0].x as boolean;
    if (!(await has('invoices'))) {
      await q(`create temp table bill as
        select p.id as package_id, p.courier_id, p.customer_id, p.branch_id, gen_random_uuid() as invoice_id,
          row_number() over (partition by p.courier_id order by p.received_at, p.id) as n,
          least(p.received_at + interval '3 days', now() - interval '1 minute') as issued_at,
          (65000 + p.chargeable_weight * 17500) as freight, 23000 as processing, ((65000 + p.chargeable_weight * 17500) * 15 / 100) as gct,
          case when abs(hashtext(p.id::text)) % 25 = 0 then 50000 else 0 end as fees,
          case when abs(hashtext(p.id::text)) % 15 = 0 then 250000 else 0 end as duty,
          (p.status in ('collected', 'delivered') or abs(hashtext(p.id::text)) % 3 <> 0) as paid
        from packages p where p.customer_id is not null and p.status not in ('received', 'manifested', 'in_transit')`);
      await q(`insert into invoices (id, courier_id, customer_id, branch_id, invoice_no, status, subtotal_cents, gct_cents, total_cents, paid_cents, pricing_snapshot, issued_at, created_at, updated_at)
        select invoice_id, courier_id, customer_id, branch_id, 'INV-' || lpad(n::text, 6, '0'), case when paid then 'paid' else 'unpaid' end,
          freight + processing + fees + duty, gct, freight + processing + gct + fees + duty, case when paid then freight + processing + gct + fees + duty else 0 end,
          '{}'::jsonb, issued_at, issued_at, issued_at from bill`);
      await q(`insert into invoice_packages (invoice_id, package_id, courier_id, created_at) select invoice_id, package_id, courier_id, issued_at from bill`);
      await q(`insert into invoice_lines (courier_id, invoice_id, position, code, description, amount_cents, package_id, added_at)
        select courier_id, invoice_id, 1, 'freight', 'Freight AIR', freight, package_id, issued_at from bill
        union all select courier_id, invoice_id, 2, 'processing_fee', 'Processing fee', processing, package_id, issued_at from bill
        union all select courier_id, invoice_id, 3, 'gct', 'GCT 15% of freight', gct, package_id, issued_at from bill
        union all select courier_id, invoice_id, 4, 'unknown_fee', 'Unknown package fee', fees, package_id, issued_at from bill where fees > 0
        union all select courier_id, invoice_id, 5, 'customs_duty', 'Assessed customs duty', duty, package_id, issued_at from bill where duty > 0`);
      await q(`insert into courier_counters (courier_id, kind, last_no) select courier_id, 'invoice', count(*) from bill group by courier_id
        on conflict (courier_id, kind) do update set last_no = excluded.last_no`);
    }
    if (!(await has('payments'))) {
      // packages.invoice_id is left unset: updating a million parcels (nine indexes) costs minutes and no report reads it.
      await q(`with staff as (select courier_id, array_agg(id order by email) as ids from users where role in ('staff', 'branch_manager') group by courier_id),
        paid as (select i.*, row_number() over (partition by i.courier_id order by i.issued_at, i.id) as n,
          least(i.issued_at + interval '1 day', now() - interval '1 minute') as at from invoices i where i.status = 'paid')
        insert into payments (courier_id, customer_id, branch_id, payment_no, method, reference, amount_cents, recorded_by, recorded_at, created_at, updated_at)
        select b.courier_id, b.customer_id, b.branch_id, 'RCT-' || lpad(b.n::text, 6, '0'), (array['cash', 'card', 'bank_transfer'])[1 + b.n % 3],
          case when b.n % 3 = 0 then null else 'REF-' || b.n end, b.total_cents, s.ids[1 + b.n % array_length(s.ids, 1)], b.at, b.at, b.at
        from paid b join staff s on s.courier_id = b.courier_id`);
      await q(`insert into courier_counters (courier_id, kind, last_no) select courier_id, 'payment', count(*) from payments group by courier_id
        on conflict (courier_id, kind) do update set last_no = excluded.last_no`);
    }
    await q('vacuum analyze invoices, invoice_lines, invoice_packages, payments, packages, package_events');
    const count = async (table: string) => Number((await q(`select count(*) as n from ${table}`)).rows[0].n);
    return { invoices: await count('invoices'), lines: await count('invoice_lines'), payments: await count('payments') };
  } finally {
    await client.end();
  }
}
