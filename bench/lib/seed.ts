import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../../apps/api/src/db/schema/index';
import { createCourier } from '../../apps/api/src/modules/couriers/courier-onboarding.service';
import { hashPassword } from '../../apps/api/src/security/passwords';
import { seedPackages } from './seed-packages';

export const BENCH_PASSWORD = 'Bench-Password-1';
export const SEED = { couriers: 20, customersPerCourier: 2_500, branchesPerCourier: 3, managersPerCourier: 2, staffPerCourier: 6, ratesPerCourier: 100, ticketsPerCourier: 2_500, messagesPerTicket: 3 };
/** The first courier's admin: the bench's signed-in caller. */
export const BENCH_ADMIN_EMAIL = 'admin-01@bench.parceldesk.test';

const FIRST = ['Tanya', 'Andre', 'Marcia', 'Kemar', 'Shanice', 'Devon', 'Alicia', 'Omar', 'Kimberly', 'Ricardo', 'Latoya', 'Damion', 'Nicole', 'Jermaine', 'Simone', 'Garfield', 'Tamika', 'Orville', 'Petra', 'Winston'];
const LAST = ['Campbell', 'Williams', 'Brown', 'Thompson', 'Clarke', 'Johnson', 'Reid', 'Francis', 'Morgan', 'Gordon', 'Grant', 'Lewis', 'Walker', 'Robinson', 'Henry', 'Bailey', 'Stewart', 'Wright', 'Edwards', 'Smith', 'Palmer', 'Spence', 'Hylton', 'McKenzie', 'Barrett'];
const PARISHES = ['Kingston', 'St. Andrew', 'St. Catherine', 'Clarendon', 'Manchester', 'St. Ann', 'St. James', 'Westmoreland'];

export interface SeedFigures { couriers: number; branches: number; users: number; customers: number; shippingRates: number; tickets: number; ticketMessages: number; packages: number; packageEvents: number; seconds: number }

/**
 * The bench volume (issue 6): 20 couriers, 50,000 customers, staff per courier, shipping rates,
 * and until packages exist, 50,000 support tickets with 150,000 messages (200,000 rows, the
 * issue's package volume). Couriers go through the API's own onboarding (roles, first branch);
 * everything else is set-based SQL over generate_series, one statement per table. Every account
 * shares one argon2 hash of BENCH_PASSWORD.
 */
export async function seedBenchData(url: string): Promise<SeedFigures> {
  const started = Date.now();
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const db = drizzle(pool, { schema });
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  for (let n = 1; n <= SEED.couriers; n += 1) {
    const label = String(n).padStart(2, '0');
    await db.transaction((tx) => createCourier(tx, { name: `Bench Courier ${label}`, code: `BC${label}`, supportsMembership: n % 2 === 0 }));
  }
  const q = (text: string, values: unknown[] = []) => pool.query(text, values);
  // Couriers in creation order get numbers 01..20 (their code says which).
  const numbered = `(select id, code, substring(code from 3)::int as n from couriers where code like 'BC%')`;

  await q(`insert into branches (courier_id, name, code)
    select c.id, 'Branch ' || b, 'B' || b from ${numbered} c cross join generate_series(2, $1::int) b`, [SEED.branchesPerCourier]);

  await q(`insert into users (courier_id, role, role_id, branch_id, first_name, last_name, email, password_hash)
    select c.id, 'courier_admin', null, null, 'Admin', c.code, 'admin-' || lpad(c.n::text, 2, '0') || '@bench.parceldesk.test', $1 from ${numbered} c
    union all
    select c.id, 'branch_manager', r.id, (select id from branches where courier_id = c.id order by name limit 1), 'Manager' || k, c.code,
      'manager-' || lpad(c.n::text, 2, '0') || '-' || k || '@bench.parceldesk.test', $1
    from ${numbered} c join roles r on r.courier_id = c.id and r.builtin = 'branch_manager' cross join generate_series(1, $2::int) k
    union all
    select c.id, 'staff', r.id, (select id from branches where courier_id = c.id order by name limit 1), 'Staff' || k, c.code,
      'staff-' || lpad(c.n::text, 2, '0') || '-' || k || '@bench.parceldesk.test', $1
    from ${numbered} c join roles r on r.courier_id = c.id and r.builtin = 'staff' cross join generate_series(1, $3::int) k`,
  [passwordHash, SEED.managersPerCourier, SEED.staffPerCourier]);

  // Deterministic variety: names repeat (searchable), 10% business, 5% inactive, sign-up dates over two years.
  await q(`with b as (select courier_id, array_agg(id order by name) as ids from branches group by courier_id)
    insert into customers (courier_id, branch_id, mailbox_number, account_type, business_name, title, first_name, last_name, email,
      phone, password_hash, trn, address, parish, city, membership_type, is_active, created_at, updated_at)
    select c.id, b.ids[1 + g % array_length(b.ids, 1)], upper(c.code) || '-' || lpad(g::text, 6, '0'),
      case when g % 10 = 0 then 'business' else 'individual' end,
      case when g % 10 = 0 then ($3::text[])[1 + g % 25] || ' Trading Ltd' end,
      case when g % 2 = 0 then 'Ms.' else 'Mr.' end,
      ($2::text[])[1 + g % 20], ($3::text[])[1 + (g / 20) % 25],
      lower(($2::text[])[1 + g % 20] || '.' || ($3::text[])[1 + (g / 20) % 25]) || g || '@example.com',
      '876-555-' || lpad((g % 10000)::text, 4, '0'), $1, lpad((100000000 + g)::text, 9, '0'),
      g || ' Hope Road', ($4::text[])[1 + g % 8], ($4::text[])[1 + g % 8],
      case when g % 9 = 0 then 'student' else 'standard' end, g % 20 <> 0,
      now() - ((g * 7919) % 730) * interval '1 day' - ((g * 31) % 86400) * interval '1 second', now()
    from ${numbered} c join b on b.courier_id = c.id cross join generate_series(1, $5::int) g`,
  [passwordHash, FIRST, LAST, PARISHES, SEED.customersPerCourier]);
  await q(`update couriers set mailbox_seq = $1 where code like 'BC%'`, [SEED.customersPerCourier]);

  await q(`insert into shipping_rates (courier_id, weight, weight_lbs, cost)
    select c.id, w || ' lbs', w, 500 + w * 175 from ${numbered} c cross join generate_series(1, $1::int) w`, [SEED.ratesPerCourier]);

  // One ticket per customer across the four statuses and default departments, opened over the
  // last 180 days; each has a customer message, a staff answer and a customer follow-up.
  await q(`insert into tickets (courier_id, ticket_no, subject, department, status, customer_id,
      last_customer_message_at, last_staff_message_at, last_message_at, created_at, updated_at)
    select cu.courier_id, 'TKT-' || lpad(cu.g::text, 6, '0'),
      ($1::text[])[1 + cu.g % 6], ($2::text[])[1 + cu.g % 4], ($3::text[])[1 + cu.g % 4], cu.id,
      t.opened + interval '2 days', t.opened + interval '1 day', t.opened + interval '2 days', t.opened, t.opened + interval '2 days'
    from (select id, courier_id, row_number() over (partition by courier_id order by mailbox_number) as g from customers) cu
    cross join lateral (select now() - ((cu.g * 7919) % 180) * interval '1 day' - interval '3 days' as opened) t
    where cu.g <= $4`,
  [['Parcel not received', 'Wrong weight billed', 'Customs query', 'Change delivery branch', 'Invoice question', 'Damaged item'],
    ['General', 'Billing', 'Shipping', 'Customs'], ['pending', 'in_progress', 'resolved', 'closed'], SEED.ticketsPerCourier]);
  await q(`insert into courier_counters (courier_id, kind, last_no) select courier_id, 'ticket', count(*) from tickets group by courier_id
    on conflict (courier_id, kind) do update set last_no = excluded.last_no`);
  await q(`with answering as (select distinct on (courier_id) courier_id, id from users where role = 'staff' order by courier_id, email)
    insert into ticket_messages (courier_id, ticket_id, author_type, user_id, customer_id, body, created_at)
    select t.courier_id, t.id, case when m = 2 then 'staff' else 'customer' end,
      case when m = 2 then a.id end,
      case when m = 2 then null else t.customer_id end,
      case m when 1 then 'Hello, my parcel shows delivered to the Miami warehouse but not yet in Kingston. Can you check?'
             when 2 then 'Thanks for reaching out. It is on the next flight and should be ready for collection on Thursday.'
             else 'Thank you, I will collect it then.' end,
      t.created_at + (m - 1) * interval '1 day'
    from tickets t join answering a on a.courier_id = t.courier_id cross join generate_series(1, $1::int) m`, [SEED.messagesPerTicket]);
  const parcels = await seedPackages(pool, numbered);
  // A live database has been autovacuumed: visibility maps set, so counts and deep pages read
  // indexes alone. Without it the bench measured heap fetches a freshly loaded table only has.
  await q('vacuum analyze');

  const figures = await seededFigures(pool, (Date.now() - started) / 1000, parcels);
  await pool.end();
  return figures;
}

/** What a seeded database holds (a reused one too: BENCH_REUSE, whose seed took `seconds` 0 this run). */
export async function seededFigures(pool: pg.Pool, seconds: number, parcels?: { packages: number; events: number }): Promise<SeedFigures> {
  const count = async (table: string) => Number((await pool.query(`select count(*) as n from ${table}`)).rows[0].n);
  return {
    couriers: await count('couriers'), branches: await count('branches'), users: await count('users'),
    customers: await count('customers'), shippingRates: await count('shipping_rates'),
    tickets: await count('tickets'), ticketMessages: await count('ticket_messages'),
    packages: parcels?.packages ?? await count('packages'), packageEvents: parcels?.events ?? await count('package_events'), seconds,
  };
}
