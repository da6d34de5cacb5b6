import { DEFAULT_COUNTRY, DEFAULT_MEMBERSHIP_TYPE, REGISTRATION_STEPS, REGISTRATION_STEPS_WITH_MEMBERSHIP } from '@parceldesk/shared/constants';
import { REGISTRATION_STEP_FIELDS, type RegistrationField, type RegistrationFormValues } from '@parceldesk/shared/schemas/registration';

export type StepName = (typeof REGISTRATION_STEPS_WITH_MEMBERSHIP)[number];

/** Four steps, or five with membership inserted as step 2 (spec sections 2 and 9). */
export function stepsFor(supportsMembership: boolean): readonly StepName[] {
  return supportsMembership ? REGISTRATION_STEPS_WITH_MEMBERSHIP : REGISTRATION_STEPS;
}

export function fieldsOf(step: StepName): RegistrationField[] {
  return REGISTRATION_STEP_FIELDS[step] ?? [];
}

/** The first step (in wizard order) holding one of `fields`, or -1 when none does. */
export function firstStepHolding(steps: readonly StepName[], fields: readonly string[]): number {
  return steps.findIndex((step) => fieldsOf(step).some((field) => fields.includes(field)));
}

export function isRegistrationField(steps: readonly StepName[], name: string): name is RegistrationField {
  return firstStepHolding(steps, [name]) !== -1;
}

export const REGISTRATION_DEFAULTS: RegistrationFormValues = {
  accountType: 'individual',
  membershipType: DEFAULT_MEMBERSHIP_TYPE,
  title: '',
  businessName: '',
  firstName: '',
  lastName: '',
  trn: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
  address: '',
  parish: '',
  city: '',
  country: DEFAULT_COUNTRY,
  branchId: '',
  couponCode: '',
  referralCode: '',
};
