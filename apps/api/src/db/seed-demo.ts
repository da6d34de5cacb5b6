import { eq, sql } from 'drizzle-orm';
import { loadEnv } from '../env';
import { createDb, type Tx } from './client';
import { startEmbeddedPostgres } from './embedded';
import { runMigrations } from './migrate';
import { ensureSuperAdmin } from './bootstrap';
import { branches, couriers, customers, roles, users } from './schema/index';
import { hashPassword } from '../security/passwords';
import { createCourier } from '../modules/couriers/courier-onboarding.service';
import { nextMailboxNumber } from '../lib/courier-lookup';

export const DEMO_PASSWORD = 'Demo@12345';

interface DemoCourier {
  name: string;
  code: string;
  domain: string;
  supportsMembership: boolean;
  branches: string[];
  air: string;
  sea: string;
}

const DEMO_COURIERS: DemoCourier[] = [
  {
    name: 'Island Express Courier', code: 'ISL', domain: 'islandexpress.test', supportsMembership: true,
    branches: ['Kingston', 'Montego Bay', 'Mandeville'],
    air: 'Name\n8450 NW 70th Street\n{mailbox}\nMiami\nFL\n33166',
    sea: 'Name\n3601 NW 74th Avenue\nSEA {mailbox}\nMiami\nFL\n33122',
  },
  {
    name: 'Kingston Parcel Express', code: 'KPX', domain: 'kingstonparcel.test', supportsMembership: false,
    branches: ['New Kingston', 'Portmore'],
    air: 'Name\n2250 NW 114th Avenue\n{mailbox}\nDoral\nFL\n33172',
    sea: 'Name\n2250 NW 114th Avenue Unit 2\nSEA {mailbox}\nDoral\nFL\n33172',
  },
];

const DEMO_CUSTOMERS = [
  { firstName: 'Tanya', lastName: 'Campbell', parish: 'Kingston', city: 'Kingston', accountType: 'individual' as const, title: 'Ms.' },
  { firstName: 'Andre', lastName: 'Williams', parish: 'St. James', city: 'Montego Bay', accountType: 'individual' as const, title: 'Mr.' },
  { firstName: 'Marcia', lastName: 'Brown', parish: 'Manchester', city: 'Mandeville', accountType: 'business' as const, businessName: 'Brown\'s Hardware Ltd', title: null },
];

async function seedCourier(tx: Tx, demo: DemoCourier, passwordHash: string, logins: string[]) {
  const { courier, branch: headOffice, roles: builtRoles } = await createCourier(tx, { name: demo.name, code: demo.code, supportsMembership: demo.supportsMembership, contactEmail: `info@${demo.domain}` });
  await tx.update(couriers).set({ shippingAddressAir: demo.air, shippingAddressSea: demo.sea, bankDetails: `${demo.name}\nNCB Half Way Tree\nAccount 123-456-789 (JMD)` }).where(eq(couriers.id, courier.id));
  await tx.update(branches).set({ name: demo.branches[0] ?? 'Head Office' }).where(eq(branches.id, headOffice.id));
  const branchRows = [headOffice];
  for (const name of demo.branches.slice(1)) {
    const [row] = await tx.insert(branches).values({ courierId: courier.id, name, code: name.slice(0, 3).toUpperCase() }).returning();
    if (row) branchRows.push(row);
  }
  const managerRole = builtRoles.find((r) => r.builtin === 'branch_manager');
  // A counter-clerk role with a partial permission set, to show the staff sidebar filtering.
  const [clerkRole] = await tx.insert(roles).values({
    courierId: courier.id, name: 'Counter Clerk', description: 'Customer service at the counter',
    permissions: ['dashboard_view', 'customers_view', 'tickets_view', 'settings_view'],
  }).returning();
  const people = [
    { role: 'courier_admin' as const, email: `admin@${demo.domain}`, firstName: 'Dwayne', lastName: 'Clarke', roleId: null },
    { role: 'branch_manager' as const, email: `manager@${demo.domain}`, firstName: 'Keisha', lastName: 'Reid', roleId: managerRole?.id ?? null },
    { role: 'staff' as const, email: `staff@${demo.domain}`, firstName: 'Omar', lastName: 'Thompson', roleId: clerkRole?.id ?? null },
  ];
  for (const person of people) {
    await tx.insert(users).values({ courierId: courier.id, branchId: person.role === 'courier_admin' ? null : headOffice.id, passwordHash, ...person });
    logins.push(`  ${demo.name.padEnd(24)} ${person.role.padEnd(15)} ${person.email}`);
  }
  for (const [index, person] of DEMO_CUSTOMERS.entries()) {
    const email = `${person.firstName.toLowerCase()}@${demo.domain}`;
    await tx.insert(customers).values({
      courierId: courier.id, branchId: branchRows[index % branchRows.length]?.id ?? headOffice.id,
      mailboxNumber: await nextMailboxNumber(tx, courier.id), passwordHash, email, phone: `876-555-01${index}${demo.code.length}`,
      trn: `1${index}3-456-78${index}`, address: `${12 + index} Hope Road`, country: 'Jamaica', membershipType: 'standard',
      businessName: null, ...person,
    });
    logins.push(`  ${demo.name.padEnd(24)} ${'customer'.padEnd(15)} ${email}`);
  }
  return courier;
}

async function main() {
  const env = loadEnv();
  const embedded = env.DATABASE_URL ? null : await startEmbeddedPostgres(env.dataDir);
  const database = createDb(env.DATABASE_URL ?? embedded!.url, 2);
  try {
    await runMigrations(database.pool);
    await ensureSuperAdmin(database.db, { email: env.SUPERADMIN_EMAIL, password: env.SUPERADMIN_PASSWORD }, console.log);
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const logins: string[] = [];
    for (const demo of DEMO_COURIERS) {
      const exists = await database.db.execute(sql`select 1 from couriers where lower(code) = lower(${demo.code})`);
      if (exists.rowCount) {
        console.log(`${demo.name} (${demo.code}) already exists: skipped`);
        continue;
      }
      const courier = await database.db.transaction((tx) => seedCourier(tx, demo, passwordHash, logins));
      console.log(`${courier.name}: customer portal ${env.publicUrl}/courier/login?api_key=${courier.apiKey}`);
    }
    if (logins.length > 0) console.log(`\nDemo logins (password for all: ${DEMO_PASSWORD})\n${logins.join('\n')}`);
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
