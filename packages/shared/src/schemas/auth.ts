import { z } from 'zod';
import { MSG } from '../messages';
import { MIN_PASSWORD_LENGTH } from '../constants';
import { ROLES, HIREABLE_ROLES } from '../roles';
import { emailSchema, requiredText, idSchema } from './common';

// The sign-in schemas live in ./sign-in (zod/mini, for the size of the sign-in pages).
export { customerLoginSchema, loginSchema, type CustomerLoginInput, type LoginInput } from './sign-in';

export const tokenLoginSchema = z.object({ token: z.string().min(1, MSG.impersonationInvalid).max(4096) });

export const courierSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  logo_url: z.string().nullable(),
});
export type CourierSummary = z.infer<typeof courierSummarySchema>;

export const authUserSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.object({ name: z.enum(ROLES), permissions: z.array(z.string()) }),
  permissions: z.array(z.string()),
  user_type: z.enum(['super_admin', 'admin', 'staff']),
  courier: courierSummarySchema.nullable(),
  branch: z.object({ id: z.string(), name: z.string() }).nullable(),
  impersonated_by: z.string().nullable().optional(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const shippingAddressSchema = z.object({
  mode: z.enum(['AIR', 'SEA']),
  lines: z.array(z.string()),
});

export const customerProfileSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  title: z.string().nullable(),
  accountType: z.enum(['individual', 'business']),
  businessName: z.string().nullable(),
  mailboxNumber: z.string(),
  trn: z.string(),
  address: z.string(),
  parish: z.string(),
  city: z.string(),
  country: z.string(),
  membershipType: z.string(),
  branch: z.object({ id: z.string(), name: z.string() }).nullable(),
  courier: courierSummarySchema,
  shippingAddresses: z.array(shippingAddressSchema),
  role: z.literal('customer'),
  createdAt: z.string(),
  impersonated_by: z.string().nullable().optional(),
});
export type CustomerProfile = z.infer<typeof customerProfileSchema>;

export const userLoginResponseSchema = z.object({ token: z.string(), user: authUserSchema });
/** GET /auth/profile; POST /auth/staff/register answers the hired user the same way. */
export const authUserResponseSchema = z.object({ user: authUserSchema });
export const authUserSavedSchema = z.object({ user: authUserSchema, message: z.string() });
export const customerProfileResponseSchema = z.object({ customer: customerProfileSchema });
export const customerProfileSavedSchema = z.object({ customer: customerProfileSchema, message: z.string() });
export const customerRegisteredSchema = z.object({ token: z.string(), customer: customerProfileSchema });
export const customerLoginResponseSchema = z.object({
  token: z.string(),
  customer: customerProfileSchema,
  message: z.string(),
});
export const tokenLoginResponseSchema = z.object({
  token: z.string(),
  role: z.enum(ROLES),
  user: authUserSchema.optional(),
  customer: customerProfileSchema.optional(),
});

/** A new courier company signs up (POST /auth/register). */
export const courierSignupSchema = z.object({
  courierName: requiredText(MSG.courierNameRequired, 120),
  firstName: requiredText(MSG.firstNameRequired, 100),
  lastName: requiredText(MSG.lastNameRequired, 100),
  email: emailSchema,
  phone: z.string().trim().max(40).optional().nullable(),
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).min(MIN_PASSWORD_LENGTH, MSG.passwordMin).max(1024),
});
export type CourierSignupInput = z.infer<typeof courierSignupSchema>;
/** POST /auth/register/confirm: the token of the link emailed by POST /auth/register. */
export const courierSignupConfirmSchema = z.object({ token: z.string({ error: MSG.signupLinkInvalid }).min(1, MSG.signupLinkInvalid).max(4096) });

/** A courier admin hires a branch manager or staff member (POST /auth/staff/register). */
export const staffRegisterSchema = z.object({
  firstName: requiredText(MSG.firstNameRequired, 100),
  lastName: requiredText(MSG.lastNameRequired, 100),
  email: emailSchema,
  password: z.string().min(MIN_PASSWORD_LENGTH, MSG.passwordMin).max(1024).optional(),
  role: z.enum(HIREABLE_ROLES, { error: 'Role must be branch_manager or staff' }),
  roleId: idSchema.optional().nullable(),
  branchId: idSchema.optional().nullable(),
  permissions: z.array(z.string().max(100)).max(200).optional(),
});
export type StaffRegisterInput = z.infer<typeof staffRegisterSchema>;

export const impersonateSchema = z.object({
  targetType: z.enum(['user', 'customer']),
  targetId: idSchema,
});
export const impersonateResponseSchema = z.object({ token: z.string(), url: z.string(), expiresAt: z.string() });
