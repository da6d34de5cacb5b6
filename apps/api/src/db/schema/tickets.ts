import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { couriers, customers, users } from './tenancy';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** A courier's departments; none means the defaults (DEFAULT_TICKET_DEPARTMENTS) until its admin saves a list. */
export const ticketDepartments = pgTable('ticket_departments', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('ticket_departments_courier_name_key').on(t.courierId, sql`lower(${t.name})`)]);

/**
 * The last customer and staff message times are kept on the ticket so the unread counts (the
 * bell, the badges) compare two timestamps per ticket instead of scanning messages.
 */
export const tickets = pgTable('tickets', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  ticketNo: text('ticket_no').notNull(),
  subject: text('subject').notNull(),
  department: text('department').notNull(),
  status: text('status', { enum: ['pending', 'in_progress', 'resolved', 'closed'] }).notNull().default('pending'),
  customerId: uuid('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
  lastCustomerMessageAt: timestamp('last_customer_message_at', { withTimezone: true }),
  lastStaffMessageAt: timestamp('last_staff_message_at', { withTimezone: true }),
  lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('tickets_courier_no_key').on(t.courierId, t.ticketNo),
  // Lists: newest activity first, narrowed by status or department.
  index('tickets_courier_updated_idx').on(t.courierId, t.updatedAt),
  index('tickets_courier_status_idx').on(t.courierId, t.status, t.updatedAt),
  index('tickets_courier_department_idx').on(t.courierId, t.department),
  index('tickets_courier_created_idx').on(t.courierId, t.createdAt),
  index('tickets_updated_idx').on(t.updatedAt),
  // Staff unread: open tickets with a customer message; customer badge: their tickets with a staff message.
  index('tickets_courier_customer_msg_idx').on(t.courierId, t.lastCustomerMessageAt).where(sql`${t.status} <> 'closed'`),
  index('tickets_customer_staff_msg_idx').on(t.customerId, t.lastStaffMessageAt),
]);

/** Spec section 3: a message with a staff user_id and no customer_id is a staff reply. */
export const ticketMessages = pgTable('ticket_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  ticketId: uuid('ticket_id').notNull().references(() => tickets.id, { onDelete: 'cascade' }),
  authorType: text('author_type', { enum: ['staff', 'customer'] }).notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('ticket_messages_ticket_idx').on(t.ticketId, t.createdAt)]);

/** Images and PDFs (type checked by content), kept in PostgreSQL so every instance serves them. */
export const ticketAttachments = pgTable('ticket_attachments', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').notNull().references(() => couriers.id, { onDelete: 'cascade' }),
  ticketId: uuid('ticket_id').notNull().references(() => tickets.id, { onDelete: 'cascade' }),
  messageId: uuid('message_id').notNull().references(() => ticketMessages.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  data: bytea('data').notNull(),
  /** Upload order within the message (its files share the transaction's created_at). */
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('ticket_attachments_message_idx').on(t.messageId), index('ticket_attachments_ticket_idx').on(t.ticketId)]);

/** Per-reader read state: a staff user ('user') or the ticket's customer ('customer'). */
export const ticketReads = pgTable('ticket_reads', {
  ticketId: uuid('ticket_id').notNull().references(() => tickets.id, { onDelete: 'cascade' }),
  readerType: text('reader_type', { enum: ['user', 'customer'] }).notNull(),
  readerId: uuid('reader_id').notNull(),
  lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.ticketId, t.readerType, t.readerId] })]);

/** In-app notifications of staff-side users (new tickets, replies) and of customers (their packages). */
export const notifications = pgTable('notifications', {
  id: uuid('id').primaryKey().defaultRandom(),
  courierId: uuid('courier_id').references(() => couriers.id, { onDelete: 'cascade' }),
  /** A staff-side user's, or (issue 11, packages) a customer's: exactly one of the two. */
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  link: text('link'),
  readAt: timestamp('read_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  check('notifications_one_owner', sql`(${t.userId} is null) <> (${t.customerId} is null)`),
  index('notifications_customer_created_idx').on(t.customerId, t.createdAt).where(sql`${t.customerId} is not null`),
  index('notifications_user_created_idx').on(t.userId, t.createdAt),
  index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
]);
