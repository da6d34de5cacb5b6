import { z } from 'zod';
import { MSG } from '../messages';
import { MEMBERSHIP_TYPES } from '../constants';
import { customerProfileSchema, shippingAddressSchema } from './auth';
import { idSchema } from './common';
import type { ListColumns } from './people';
import { refineAccountType, registrationFields } from './registration';

/** Customer screens (/admin/customers, business-customers, customers/month, /customer/profile), issue 3. */
export const CUSTOMER_MSG = {
  yearInvalid: 'Year must be between 2000 and 2100',
  monthInvalid: 'Month must be between 1 and 12',
  notBusiness: 'This customer does not have a business account',
  deactivated: 'Customer deactivated',
  reactivated: 'Customer reactivated',
  branchChanged: 'Home branch changed',
  updated: 'Customer updated successfully!',
  emailChangeSent: 'Customer updated. The new email address takes effect once the customer opens the confirmation link we sent to it.',
} as const;

export const customerListItemSchema = z.object({
  id: z.string(),
  mailboxNumber: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  branchId: z.string().nullable(),
  branchName: z.string().nullable(),
  accountType: z.enum(['individual', 'business']),
  businessName: z.string().nullable(),
  membershipType: z.string(),
  isActive: z.boolean(),
  courierId: z.string(),
  courierName: z.string(),
  createdAt: z.string(),
});
export type CustomerListItem = z.infer<typeof customerListItemSchema>;

/**
 * GET /customers, /customers/business, /customers/month/{y}/{m}, /network/couriers/{id}/customers.
 * branchName and courierName filter by id (their dropdown values); courierId filters exactly.
 */
export const customerListColumns = {
  mailboxNumber: { sortable: true, filter: 'text' },
  name: { sortable: true, filter: 'text' },
  email: { sortable: true, filter: 'text' },
  phone: { sortable: true, filter: 'text' },
  branchName: { sortable: true, filter: 'dropdown' },
  accountType: { sortable: true, filter: 'dropdown' },
  businessName: { sortable: true, filter: 'text' },
  membershipType: { sortable: true, filter: 'dropdown' },
  isActive: { sortable: true, filter: 'dropdown' },
  courierName: { sortable: true, filter: 'dropdown' },
  createdAt: { sortable: true, filter: 'text' },
} as const satisfies ListColumns;

/** GET /customers/{id}: the profile with its home address and US shipping addresses. Packages, invoices and the rest join as later issues add them. */
export const customerDetailSchema = customerProfileSchema.omit({ role: true, impersonated_by: true }).extend({
  isActive: z.boolean(),
  couponCode: z.string().nullable(),
  referralCode: z.string().nullable(),
  updatedAt: z.string(),
  shippingAddresses: z.array(shippingAddressSchema),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

const { accountType, businessName, title, firstName, lastName, email, phone, trn, address, parish, city, country } = registrationFields;

/** PUT /customers/{id}: staff edit a customer's details, with the registration rules (spec section 5). */
export const updateCustomerSchema = z
  .object({
    accountType, businessName, title, firstName, lastName, email, phone, trn, address, parish, city, country,
    membershipType: z.enum(MEMBERSHIP_TYPES, { error: MSG.membershipRequired }).optional(),
  })
  .superRefine(refineAccountType, { when: (payload) => typeof payload.value === 'object' && payload.value !== null });
export type UpdateCustomerInput = z.input<typeof updateCustomerSchema>;

/**
 * PUT /customers/profile: the customer's own details. The account type and membership stay as
 * they are (they change prices); title or business name is checked against the account type.
 */
export const updateOwnCustomerProfileSchema = z.object({
  businessName, title, firstName, lastName, email, phone, trn, address, parish, city, country,
});
export type UpdateOwnCustomerProfileInput = z.input<typeof updateOwnCustomerProfileSchema>;

/** PUT /customers/{id}/branch. */
export const customerBranchSchema = z.object({
  branchId: z.string({ error: MSG.branchRequired }).trim().min(1, MSG.branchRequired).uuid(MSG.branchRequired),
});

export const customerMonthParamsSchema = z.object({
  year: z.coerce.number({ error: CUSTOMER_MSG.yearInvalid }).int(CUSTOMER_MSG.yearInvalid).min(2000, CUSTOMER_MSG.yearInvalid).max(2100, CUSTOMER_MSG.yearInvalid),
  month: z.coerce.number({ error: CUSTOMER_MSG.monthInvalid }).int(CUSTOMER_MSG.monthInvalid).min(1, CUSTOMER_MSG.monthInvalid).max(12, CUSTOMER_MSG.monthInvalid),
});

export const customerIdSchema = z.object({ id: idSchema });
