import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const couriers = pgTable('couriers', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  code: text('code').notNull(),
  apiKey: text('api_key').notNull(),
  logoUrl: text('logo_url'),
  contactEmail: text('contact_email'),
  contactPhone: text('contact_phone'),
  shippingAddressAir: text('shipping_address_air'),
  shippingAddressSea: text('shipping_address_sea'),
  bankDetails: text('bank_details'),
  /** The current rate sheet (settings tab 6), a stored_files row. */
  rateSheetFileId: uuid('rate_sheet_file_id'),
  loginNotice: text('login_notice'),
  supportsMembership: boolean('supports_membership').notNull().default(false),
  /** Issue 5: email the courier's ticket staff about new tickets (in-app notifications are always on). */
  notifyStaffByEmail: boolean('notify_staff_by_email').notNull().default(false),
  /** Issue 11: volumetric weight = L × W × H (in) ÷ this (shown on the Rates settings tab). */
  volumetricDivisor: integer('volumetric_divisor').notNull().default(166),
  status: text('status', { enum: ['active', 'suspended'] }).notNull().default('active'),
  /** Last mailbox sequence handed out; incremented under the row lock. */
  mailboxSeq: integer('mailbox_seq').notNull().default(0),
  ...timestamps,
}, (t) => [
  uniqueIndex('couriers_code_key').on(sql`lower(${t.code})`),
  uniqueIndex('couriers_api_key_key').on(t.apiKey),
]);

export const branches = pgTable('branches', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  code: text('code'),
  address: text('address'),
  phone: text('phone'),
  openingHours: text('opening_hours'),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
}, (t) => [
  index('branches_courier_idx').on(t.courierId, t.name),
  // Issue 3: a courier's branch names are unique, whatever the case.
  uniqueIndex('branches_courier_name_key').on(t.courierId, sql`lower(${t.name})`),
]);

export const roles = pgTable('roles', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description'),
  /** branch_manager or staff for the two built-in roles, null for roles a courier defines. */
  builtin: text('builtin', { enum: ['branch_manager', 'staff'] }),
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
  ...timestamps,
}, (t) => [uniqueIndex('roles_courier_name_key').on(t.courierId, sql`lower(${t.name})`)]);

/** Everyone who signs in on the staff side: super admins, courier admins, branch managers, staff. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').references(() => couriers.id, { onDelete: 'cascade' }),
  role: text('role', { enum: ['super_admin', 'courier_admin', 'branch_manager', 'staff'] }).notNull(),
  roleId: uuid('role_id').references(() => roles.id, { onDelete: 'set null' }),
  branchId: uuid('branch_id').references(() => branches.id, { onDelete: 'set null' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash'),
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
}, (t) => [
  // Staff-side logins carry no courier key, so an email names one account network-wide.
  uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
  index('users_courier_idx').on(t.courierId, t.role),
]);

type SearchedCustomerColumns = Record<'mailboxNumber' | 'firstName' | 'lastName' | 'email' | 'phone' | 'businessName', AnyPgColumn>;

/**
 * What a customer search matches (issue 3 list convention): one expression over the searched
 * columns, so one trigram index (customers_search_idx) answers ILIKE '%term%' on 100,000 rows.
 * Queries must use this same expression for the index to apply.
 */
export function customerSearchText(t: SearchedCustomerColumns) {
  return sql`(${t.mailboxNumber} || ' ' || ${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email} || ' ' || ${t.phone} || ' ' || coalesce(${t.businessName}, ''))`;
}

export const customers = pgTable('customers', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  branchId: uuid('branch_id').references(() => branches.id, { onDelete: 'set null' }),
  mailboxNumber: text('mailbox_number').notNull(),
  accountType: text('account_type', { enum: ['individual', 'business'] }).notNull(),
  businessName: text('business_name'),
  title: text('title'),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  passwordHash: text('password_hash').notNull(),
  trn: text('trn').notNull(),
  address: text('address').notNull(),
  parish: text('parish').notNull(),
  city: text('city').notNull(),
  country: text('country').notNull().default('Jamaica'),
  membershipType: text('membership_type').notNull().default('standard'),
  couponCode: text('coupon_code'),
  referralCode: text('referral_code'),
  isActive: boolean('is_active').notNull().default(true),
  /** Issue 11: the customer's switch for package status emails (in-app notifications stay on). */
  packageEmails: boolean('package_emails').notNull().default(true),
  /** Issue 14: batch (marketing) emails; off skips the customer in every batch. Transactional email ignores it. */
  marketingEmails: boolean('marketing_emails').notNull().default(true),
  ...timestamps,
}, (t) => [
  uniqueIndex('customers_courier_email_key').on(t.courierId, sql`lower(${t.email})`),
  uniqueIndex('customers_courier_mailbox_key').on(t.courierId, t.mailboxNumber),
  // Issue 3, list convention: the sorts, filters, dropdown probes and search of the customer
  // lists; `id` ends the sorting ones because every list sort ends with it (stable pages).
  index('customers_courier_created_idx').on(t.courierId, t.createdAt, t.id),
  index('customers_courier_name_idx').on(t.courierId, sql`lower(${t.firstName})`, sql`lower(${t.lastName})`, t.id),
  index('customers_courier_branch_idx').on(t.courierId, t.branchId, t.createdAt, t.id),
  index('customers_courier_type_idx').on(t.courierId, t.accountType, t.createdAt, t.id),
  index('customers_courier_membership_idx').on(t.courierId, t.membershipType),
  index('customers_courier_active_idx').on(t.courierId, t.isActive),
  index('customers_created_idx').on(t.createdAt, t.id),
  index('customers_search_idx').using('gin', sql`${customerSearchText(t)} gin_trgm_ops`),
]);
