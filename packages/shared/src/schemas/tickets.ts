import { z } from 'zod';
import { MB } from '../constants';
import type { ListColumns } from './people';
import { TICKET_CLOSED_MSG, TICKET_STATUSES } from '../domain/ticket-status';

/**
 * Support tickets (issue 5; spec sections 2, 3, 4, 7 and 9). Statuses and their moves are domain
 * rules: packages/shared/src/domain/ticket-status.ts.
 */
/** Spec section 4: Pending yellow, In Progress blue, Resolved green, anything else grey. */
export function ticketStatusColor(status: string): 'yellow' | 'blue' | 'green' | 'grey' {
  if (status === 'pending') return 'yellow';
  if (status === 'in_progress') return 'blue';
  if (status === 'resolved') return 'green';
  return 'grey';
}

/** Departments a courier starts with until its admin changes the list. */
export const DEFAULT_TICKET_DEPARTMENTS = ['General', 'Billing', 'Shipping', 'Customs'] as const;

export const TICKET_ATTACHMENT_MAX_BYTES = 5 * MB;
export const TICKET_ATTACHMENTS_MAX = 5;
export const TICKET_SUBJECT_MAX = 200;
export const TICKET_MESSAGE_MAX = 5000;
export const TICKET_DEPARTMENTS_MAX = 20;
/** How many unread tickets the bell's dropdown lists (the count covers them all). */
export const TICKET_BELL_LIST_MAX = 20;

export const TICKET_MSG = {
  subjectRequired: 'Subject is required',
  departmentRequired: 'Department is required',
  departmentUnknown: 'Please choose a department from the list',
  messageRequired: 'Message is required',
  attachmentWrongType: 'Attachments must be images (JPG, PNG or GIF) or PDF files',
  attachmentTooLarge: 'Each attachment must be less than 5MB',
  tooManyAttachments: `Attach at most ${TICKET_ATTACHMENTS_MAX} files to one message`,
  closedCustomer: TICKET_CLOSED_MSG.customer,
  closedStaff: TICKET_CLOSED_MSG.staff,
  departmentsRequired: 'Add at least one department',
  departmentsDuplicate: 'Each department may appear only once',
  created: 'Ticket created successfully!',
  replied: 'Reply sent',
  statusUpdated: 'Ticket status updated',
  settingsUpdated: 'Ticket settings updated',
} as const;

const messageText = z.string({ error: TICKET_MSG.messageRequired }).trim().min(1, TICKET_MSG.messageRequired)
  .max(TICKET_MESSAGE_MAX, `At most ${TICKET_MESSAGE_MAX} characters`);

/**
 * POST /tickets (customer): JSON, or multipart/form-data with the same fields plus files in
 * `attachments` (images or PDF, each under 5MB, at most 5).
 */
export const createTicketSchema = z.object({
  subject: z.string({ error: TICKET_MSG.subjectRequired }).trim().min(1, TICKET_MSG.subjectRequired)
    .max(TICKET_SUBJECT_MAX, `At most ${TICKET_SUBJECT_MAX} characters`),
  department: z.string({ error: TICKET_MSG.departmentRequired }).trim().min(1, TICKET_MSG.departmentRequired).max(100, TICKET_MSG.departmentUnknown),
  message: messageText,
});
export type CreateTicketInput = z.infer<typeof createTicketSchema>;

/** POST /tickets/{id}/messages: JSON, or multipart with `message` and `attachments`. */
export const ticketReplySchema = z.object({ message: messageText });
export type TicketReplyInput = z.infer<typeof ticketReplySchema>;

/** The request bodies of both as the API documentation shows them: the fields plus the files. */
const attachmentFiles = z.array(z.file()).max(TICKET_ATTACHMENTS_MAX).optional()
  .describe(`Images (JPG, PNG, GIF) or PDF, each under 5MB, at most ${TICKET_ATTACHMENTS_MAX}; multipart only`);
export const createTicketFormSchema = createTicketSchema.extend({ attachments: attachmentFiles });
export const ticketReplyFormSchema = ticketReplySchema.extend({ attachments: attachmentFiles });

export const ticketStatusUpdateSchema = z.object({
  status: z.enum(TICKET_STATUSES, { error: 'Choose a status' }),
});
export type TicketStatusUpdate = z.infer<typeof ticketStatusUpdateSchema>;

const statusSchema = z.enum(TICKET_STATUSES);
const personSchema = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });

/** One row of the ticket lists (GET /tickets, /tickets/mine, /tickets/customer/{userId}). */
export const ticketListItemSchema = z.object({
  id: z.string(),
  ticket_no: z.string(),
  subject: z.string(),
  department: z.string(),
  status: statusSchema,
  customer: personSchema,
  customerName: z.string(),
  courierId: z.string(),
  courierName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastMessageAt: z.string(),
  /** Staff: a customer message newer than the viewer's last read. Customer: a staff message they have not read. */
  unread: z.boolean(),
  /** At least one staff message (the spec's customer badge rule, section 4). */
  hasStaffReply: z.boolean(),
});
export type TicketListItem = z.infer<typeof ticketListItemSchema>;

/** GET /tickets (staff side; courierName for the super admin). `createdAt` filters as text on the local date-time 'YYYY-MM-DD HH:MM'. */
export const ticketListColumns = {
  ticket_no: { sortable: true, filter: 'text' },
  subject: { sortable: true, filter: 'text' },
  department: { sortable: true, filter: 'dropdown' },
  status: { sortable: true, filter: 'dropdown' },
  customerName: { sortable: true, filter: 'text' },
  courierName: { sortable: true, filter: 'dropdown' },
  unread: { filter: 'dropdown' },
  createdAt: { sortable: true, filter: 'text' },
  updatedAt: { sortable: true },
} as const satisfies ListColumns;

/** GET /tickets/mine (customer). */
export const myTicketListColumns = {
  ticket_no: { sortable: true, filter: 'text' },
  subject: { sortable: true, filter: 'text' },
  department: { sortable: true, filter: 'dropdown' },
  status: { sortable: true, filter: 'dropdown' },
  unread: { filter: 'dropdown' },
  createdAt: { sortable: true, filter: 'text' },
  updatedAt: { sortable: true },
} as const satisfies ListColumns;

/** GET /tickets/customer/{userId}?page=1&limit=100 (spec section 7). */
export const customerTicketsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(100),
});
export const customerTicketsResponseSchema = z.object({
  data: z.array(ticketListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

export const ticketAttachmentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** Needs the bearer token: fetch it as a blob. */
  url: z.string(),
});
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

/** Spec section 3: a message with a staff user_id and no customer_id is a staff reply. */
export const ticketMessageSchema = z.object({
  id: z.string(),
  user_id: z.string().nullable(),
  customer_id: z.string().nullable(),
  authorType: z.enum(['staff', 'customer']),
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
  attachments: z.array(ticketAttachmentSchema),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

/** GET /tickets/{id}, /tickets/by-number/{ticketNo}: the conversation (reading it marks it read). */
export const ticketDetailSchema = z.object({
  id: z.string(),
  ticket_no: z.string(),
  subject: z.string(),
  department: z.string(),
  status: statusSchema,
  customer: personSchema.extend({ email: z.string(), mailboxNumber: z.string() }),
  courierId: z.string(),
  courierName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  messages: z.array(ticketMessageSchema),
  /** Whether the viewer may reply now (closed tickets take no replies; staff need tickets_reply). */
  canReply: z.boolean(),
  /** The statuses the viewer may move the ticket to (empty for customers). */
  allowedStatuses: z.array(statusSchema),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

/** GET /tickets/unread (spec section 7): the bell's dropdown and count. */
export const unreadTicketSchema = z.object({
  id: z.string(),
  ticket_no: z.string(),
  subject: z.string(),
  status: statusSchema,
  department: z.string(),
  updatedAt: z.string(),
  customer: z.object({ firstName: z.string(), lastName: z.string() }),
  courierId: z.string(),
  courierName: z.string(),
});
export type UnreadTicket = z.infer<typeof unreadTicketSchema>;
export const unreadTicketsResponseSchema = z.object({ tickets: z.array(unreadTicketSchema), unreadCount: z.number().int() });
export const unreadCountResponseSchema = z.object({ unreadCount: z.number().int() });
export type UnreadCountResponse = z.infer<typeof unreadCountResponseSchema>;

export const ticketNoParamsSchema = z.object({
  ticketNo: z.string().trim().min(1).max(40).regex(/^[A-Za-z0-9-]+$/, 'Not found'),
});
/** A super admin names the courier of a ticket number (numbers repeat across couriers). */
export const courierQuerySchema = z.object({ courierId: z.string().uuid('Not found').optional() });

export const departmentsResponseSchema = z.object({ data: z.array(z.string()) });

/** GET/PUT /tickets/settings: the courier's departments and whether staff get new tickets by email. */
export const ticketSettingsSchema = z.object({
  notifyStaffByEmail: z.boolean(),
  departments: z.array(z.string().trim().min(1, 'Department names cannot be empty').max(100, 'At most 100 characters'))
    .min(1, TICKET_MSG.departmentsRequired)
    .max(TICKET_DEPARTMENTS_MAX, `At most ${TICKET_DEPARTMENTS_MAX} departments`)
    .refine((names) => new Set(names.map((n) => n.toLowerCase())).size === names.length, TICKET_MSG.departmentsDuplicate),
});
export type TicketSettings = z.infer<typeof ticketSettingsSchema>;

/** What the live stream (GET /events/stream, `event: tickets`) sends; `resync` after a lost connection. */
export const ticketEventSchema = z.object({
  kind: z.enum(['ticket.created', 'ticket.message', 'ticket.status', 'resync']),
  ticketId: z.string().nullable(),
  ticketNo: z.string().nullable(),
  status: statusSchema.nullable(),
});
export type TicketEvent = z.infer<typeof ticketEventSchema>;
