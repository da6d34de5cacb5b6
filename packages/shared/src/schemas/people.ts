import { z } from 'zod';
import { MSG } from '../messages';
import { emailSchema, optionalText, requiredText } from './common';

/**
 * Issue 3, "the people of the network": what the lists of couriers, branches, roles, staff and
 * customers share, and the super admin's courier management (/superadmin/couriers).
 */

/**
 * How one list column behaves under the list-query convention (schemas/list-query.ts): the key
 * is the row field, `sort=<field>` orders by it and `filters={"<field>": value}` filters it. A
 * dropdown column's `filterOptions[field]` carries `{ label, value }`; the value is what goes back
 * in the filter (an id for relation columns such as branchName, whose label is the name). When the
 * options are omitted (fewer than 2 or more than 50 values) the same key filters as text.
 */
export interface ListColumnSpec {
  sortable?: boolean;
  filter?: 'dropdown' | 'text' | 'number';
}
export type ListColumns = Readonly<Record<string, ListColumnSpec>>;

export const PEOPLE_MSG = {
  courierNameRequired: 'Courier name is required',
  courierCodeInvalid: 'Courier code must be 2 to 12 letters, digits or hyphens',
  courierCodeTaken: 'This courier code is already in use',
  contactEmailRequired: 'Contact email is required',
  courierSuspended: 'Courier suspended',
  courierReactivated: 'Courier reactivated',
  courierCreated: 'Courier created. An invitation was sent to its administrator.',
} as const;

export const courierCodeSchema = z
  .string({ error: PEOPLE_MSG.courierCodeInvalid })
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]{1,11}$/, PEOPLE_MSG.courierCodeInvalid);

export const personNameFields = {
  firstName: requiredText(MSG.firstNameRequired, 100),
  lastName: requiredText(MSG.lastNameRequired, 100),
};

export const courierStatusSchema = z.enum(['active', 'suspended']);

/** GET /network/couriers rows. */
export const networkCourierListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  status: courierStatusSchema,
  contactEmail: z.string().nullable(),
  customersCount: z.number().int(),
  createdAt: z.string(),
});
export type NetworkCourierListItem = z.infer<typeof networkCourierListItemSchema>;

export const networkCourierListColumns = {
  name: { sortable: true, filter: 'text' },
  code: { sortable: true, filter: 'text' },
  status: { sortable: true, filter: 'dropdown' },
  contactEmail: { sortable: true, filter: 'text' },
  customersCount: { sortable: true, filter: 'number' },
  createdAt: { sortable: true, filter: 'text' },
} as const satisfies ListColumns;

/** POST /network/couriers: the company and its first courier admin, who is invited by email. */
export const createNetworkCourierSchema = z.object({
  name: requiredText(PEOPLE_MSG.courierNameRequired, 120),
  code: courierCodeSchema.optional().nullable(),
  contactEmail: z.string({ error: PEOPLE_MSG.contactEmailRequired }).trim().min(1, PEOPLE_MSG.contactEmailRequired).pipe(emailSchema),
  contactPhone: optionalText(40),
  supportsMembership: z.boolean().optional(),
  admin: z.object({ ...personNameFields, email: emailSchema }, { error: 'The first administrator is required' }),
});
export type CreateNetworkCourierInput = z.input<typeof createNetworkCourierSchema>;

/** PUT /network/couriers/{id}: optional fields left out keep their value; null or '' clears them. */
export const updateNetworkCourierSchema = z.object({
  name: requiredText(PEOPLE_MSG.courierNameRequired, 120),
  code: courierCodeSchema,
  contactEmail: z.string({ error: PEOPLE_MSG.contactEmailRequired }).trim().min(1, PEOPLE_MSG.contactEmailRequired).pipe(emailSchema),
  contactPhone: optionalText(40),
  supportsMembership: z.boolean().optional(),
  loginNotice: optionalText(2000),
});
export type UpdateNetworkCourierInput = z.input<typeof updateNetworkCourierSchema>;

/** GET /network/couriers/{id} (also the answer of every write on a courier). */
export const networkCourierDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  apiKey: z.string(),
  status: courierStatusSchema,
  logoUrl: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  supportsMembership: z.boolean(),
  loginNotice: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  branches: z.array(z.object({ id: z.string(), name: z.string(), code: z.string().nullable(), isActive: z.boolean() })),
  admins: z.array(z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    isActive: z.boolean(),
    /** True until the admin has chosen a password from the invitation email. */
    invitationPending: z.boolean(),
    createdAt: z.string(),
  })),
  figures: z.object({ customers: z.number().int(), staff: z.number().int(), branches: z.number().int() }),
});
export type NetworkCourierDetail = z.infer<typeof networkCourierDetailSchema>;
