import { z } from 'zod';
import { MSG } from '../messages';
import { DEFAULT_COUNTRY, DEFAULT_MEMBERSHIP_TYPE, MEMBERSHIP_TYPES, MIN_PASSWORD_LENGTH, PARISHES, TITLES } from '../constants';
import { emailSchema, requiredText } from './common';

const password = z
  .string({ error: MSG.passwordRequired })
  .min(1, MSG.passwordRequired)
  .min(MIN_PASSWORD_LENGTH, MSG.passwordMin)
  .max(1024, 'Password is too long');

/** Fields shared by the wizard and the API payload (spec section 3, registration payload). */
export const registrationFields = {
  accountType: z.enum(['individual', 'business'], { error: 'Account type is required' }),
  businessName: z.string().trim().max(200).optional().nullable(),
  title: z.string().trim().optional().nullable(),
  firstName: requiredText(MSG.firstNameRequired, 100),
  lastName: requiredText(MSG.lastNameRequired, 100),
  email: emailSchema,
  phone: requiredText(MSG.phoneRequired, 40),
  password,
  trn: requiredText(MSG.trnRequired, 30),
  address: requiredText(MSG.streetRequired, 300),
  parish: z.string({ error: MSG.parishRequired }).trim().min(1, MSG.parishRequired).refine(
    (value) => (PARISHES as readonly string[]).includes(value),
    MSG.parishRequired,
  ),
  city: requiredText(MSG.cityRequired, 100),
  country: z.string().trim().max(100).optional().default(DEFAULT_COUNTRY),
  branchId: z.string({ error: MSG.branchRequired }).trim().min(1, MSG.branchRequired).uuid(MSG.branchRequired),
  membershipType: z.string({ error: MSG.membershipRequired }).trim().min(1, MSG.membershipRequired)
    .refine((value) => (MEMBERSHIP_TYPES as readonly string[]).includes(value), MSG.membershipRequired)
    .default(DEFAULT_MEMBERSHIP_TYPE),
  couponCode: z.string().trim().max(50).optional().nullable(),
  referralCode: z.string().trim().max(50).optional().nullable(),
};

type AccountDependent = { accountType: 'individual' | 'business'; businessName?: string | null; title?: string | null };

/** Business name only for business accounts, title only for individuals (spec section 5). */
export function refineAccountType(value: AccountDependent, ctx: z.RefinementCtx) {
  if (value.accountType === 'business' && !value.businessName?.trim()) {
    ctx.addIssue({ code: 'custom', path: ['businessName'], message: MSG.businessNameRequired });
  }
  if (value.accountType === 'individual' && !(TITLES as readonly string[]).includes(value.title ?? '')) {
    ctx.addIssue({ code: 'custom', path: ['title'], message: MSG.titleRequired });
  }
}

/** What POST /customers/register accepts. courierId or api_key names the courier. */
export const customerRegisterSchema = z
  .object({
    ...registrationFields,
    courierId: z.string().uuid(MSG.courierRequired).optional().nullable(),
    api_key: z.string().trim().max(200).optional().nullable(),
  })
  // `when`: run the cross-field rules even while other fields are still invalid or missing.
  .superRefine(refineAccountType, { when: (payload) => typeof payload.value === 'object' && payload.value !== null });
export type CustomerRegisterInput = z.input<typeof customerRegisterSchema>;

/** The wizard's form: the payload plus the confirmation that never leaves the browser. */
export const registrationFormSchema = z
  .object({ ...registrationFields, confirmPassword: z.string() })
  .superRefine((value, ctx) => {
    refineAccountType(value, ctx);
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MSG.passwordsDoNotMatch });
    }
  }, { when: (payload) => typeof payload.value === 'object' && payload.value !== null });
export type RegistrationFormValues = z.input<typeof registrationFormSchema>;

export type RegistrationField = keyof RegistrationFormValues;

/** Fields each wizard step validates before Next lets the user on (spec section 2). */
export const REGISTRATION_STEP_FIELDS: Record<string, RegistrationField[]> = {
  'Account Type': ['accountType'],
  Membership: ['membershipType'],
  Personal: ['title', 'businessName', 'firstName', 'lastName', 'trn'],
  Contact: ['email', 'phone', 'password', 'confirmPassword'],
  Address: ['address', 'parish', 'city', 'country', 'branchId'],
};

/** Turns the wizard values into the API payload: nulls where the spec says null. */
export function toRegistrationPayload(values: RegistrationFormValues): CustomerRegisterInput {
  const { confirmPassword: _confirm, ...rest } = values;
  return {
    ...rest,
    email: values.email.trim().toLowerCase(),
    businessName: values.accountType === 'business' ? values.businessName ?? null : null,
    title: values.accountType === 'individual' ? values.title ?? null : null,
    country: values.country || DEFAULT_COUNTRY,
    membershipType: values.membershipType || DEFAULT_MEMBERSHIP_TYPE,
    couponCode: values.couponCode?.trim() || null,
    referralCode: values.referralCode?.trim() || null,
  };
}
