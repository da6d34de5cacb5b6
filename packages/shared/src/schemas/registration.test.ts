import { describe, expect, it } from 'vitest';
import { MEMBERSHIP_TYPES, PARISHES, REGISTRATION_STEPS, REGISTRATION_STEPS_WITH_MEMBERSHIP, TITLES } from '../constants';
import {
  REGISTRATION_STEP_FIELDS, customerRegisterSchema, registrationFormSchema, toRegistrationPayload, type RegistrationFormValues,
} from './registration';

const BRANCH_ID = '0b6c1f3e-5a7d-4c2b-9e8f-1a2b3c4d5e6f';

/** The wizard's state before the user has typed anything: every text field is ''. */
const EMPTY_FORM: RegistrationFormValues = {
  accountType: 'individual', businessName: '', title: '', firstName: '', lastName: '', email: '', phone: '',
  password: '', confirmPassword: '', trn: '', address: '', parish: '', city: '', country: '', branchId: '',
  membershipType: 'standard', couponCode: '', referralCode: '',
};

const VALID_INDIVIDUAL: RegistrationFormValues = {
  ...EMPTY_FORM,
  title: 'Ms.', firstName: 'Ana', lastName: 'Brown', email: 'ana@example.com', phone: '876-555-0100',
  password: 'sunshine8', confirmPassword: 'sunshine8', trn: '123-456-789', address: '1 Hope Road',
  parish: 'Kingston', city: 'Kingston', branchId: BRANCH_ID,
};

/** What the wizard shows under the fields of one step: the first message of each of its fields. */
function stepErrors(values: RegistrationFormValues, step: string): Record<string, string> {
  const fields = REGISTRATION_STEP_FIELDS[step];
  if (!fields) throw new Error(`no step ${step}`);
  const result = registrationFormSchema.safeParse(values);
  const errors: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = String(issue.path[0]);
    if ((fields as string[]).includes(field) && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

describe('registration wizard steps', () => {
  it('has a field list for every step of both flows', () => {
    for (const step of [...REGISTRATION_STEPS, ...REGISTRATION_STEPS_WITH_MEMBERSHIP]) {
      expect(REGISTRATION_STEP_FIELDS[step], step).toBeDefined();
    }
    expect(REGISTRATION_STEPS_WITH_MEMBERSHIP[1]).toBe('Membership');
  });

  it('accepts a complete individual registration', () => {
    expect(registrationFormSchema.safeParse(VALID_INDIVIDUAL).success).toBe(true);
    for (const step of REGISTRATION_STEPS_WITH_MEMBERSHIP) expect(stepErrors(VALID_INDIVIDUAL, step)).toEqual({});
  });

  it('stops an untouched wizard on every step with the spec messages', () => {
    expect(stepErrors({ ...EMPTY_FORM, accountType: 'business' }, 'Personal')).toEqual({
      businessName: 'Business name is required for business accounts',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      trn: 'TRN is required',
    });
    expect(stepErrors(EMPTY_FORM, 'Personal')).toEqual({
      title: 'Title is required for individual accounts',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      trn: 'TRN is required',
    });
    expect(stepErrors(EMPTY_FORM, 'Contact')).toEqual({
      email: 'Email is required',
      phone: 'Phone number is required',
      password: 'Password is required',
    });
    expect(stepErrors(EMPTY_FORM, 'Address')).toEqual({
      address: 'Street address is required',
      parish: 'Parish is required',
      city: 'City is required',
      branchId: 'Branch is required',
    });
  });

  describe('Account Type', () => {
    it('requires an account type of individual or business', () => {
      expect(stepErrors({ ...VALID_INDIVIDUAL, accountType: undefined as never }, 'Account Type')).toHaveProperty('accountType');
      expect(stepErrors({ ...VALID_INDIVIDUAL, accountType: 'Business' as never }, 'Account Type')).toHaveProperty('accountType');
    });
  });

  describe('Membership', () => {
    it.each(['', 'gold'])('rejects %j with "Membership type is required"', (membershipType) => {
      expect(stepErrors({ ...VALID_INDIVIDUAL, membershipType }, 'Membership')).toEqual({ membershipType: 'Membership type is required' });
    });

    it.each(MEMBERSHIP_TYPES)('accepts %s', (membershipType) => {
      expect(stepErrors({ ...VALID_INDIVIDUAL, membershipType }, 'Membership')).toEqual({});
    });

    it('defaults to standard when the four-step flow never asks', () => {
      const result = registrationFormSchema.parse({ ...VALID_INDIVIDUAL, membershipType: undefined });
      expect(result.membershipType).toBe('standard');
    });
  });

  describe('Personal', () => {
    it('asks a business for its name but not for a title', () => {
      const business = { ...VALID_INDIVIDUAL, accountType: 'business' as const, title: '' };
      expect(stepErrors({ ...business, businessName: '' }, 'Personal')).toEqual({ businessName: 'Business name is required for business accounts' });
      expect(stepErrors({ ...business, businessName: '   ' }, 'Personal')).toEqual({ businessName: 'Business name is required for business accounts' });
      expect(stepErrors({ ...business, businessName: null }, 'Personal')).toEqual({ businessName: 'Business name is required for business accounts' });
      expect(stepErrors({ ...business, businessName: 'Brown Imports Ltd' }, 'Personal')).toEqual({});
    });

    it('asks an individual for a title from the list but not for a business name', () => {
      expect(stepErrors({ ...VALID_INDIVIDUAL, title: '' }, 'Personal')).toEqual({ title: 'Title is required for individual accounts' });
      expect(stepErrors({ ...VALID_INDIVIDUAL, title: 'Sir' }, 'Personal')).toEqual({ title: 'Title is required for individual accounts' });
      for (const title of TITLES) expect(stepErrors({ ...VALID_INDIVIDUAL, title, businessName: '' }, 'Personal')).toEqual({});
    });

    it.each([
      ['firstName', 'First name is required'],
      ['lastName', 'Last name is required'],
      ['trn', 'TRN is required'],
    ] as const)('%s blank or whitespace: "%s"', (field, message) => {
      expect(stepErrors({ ...VALID_INDIVIDUAL, [field]: '' }, 'Personal')).toEqual({ [field]: message });
      expect(stepErrors({ ...VALID_INDIVIDUAL, [field]: '   ' }, 'Personal')).toEqual({ [field]: message });
    });
  });

  describe('Contact', () => {
    it('requires an email', () => {
      expect(stepErrors({ ...VALID_INDIVIDUAL, email: '' }, 'Contact')).toEqual({ email: 'Email is required' });
      expect(stepErrors({ ...VALID_INDIVIDUAL, email: '   ' }, 'Contact')).toEqual({ email: 'Email is required' });
    });

    it.each(['ana', 'ana@example', 'ana@@example.com', 'ana brown@example.com', '@example.com', 'ana@.com'])(
      'rejects %j with "Invalid email format"',
      (email) => {
        expect(stepErrors({ ...VALID_INDIVIDUAL, email }, 'Contact')).toEqual({ email: 'Invalid email format' });
      },
    );

    it.each(['a@b.co', 'Ana.Brown+mail@Example.COM', '  ana@example.com  '])('accepts %j', (email) => {
      expect(stepErrors({ ...VALID_INDIVIDUAL, email }, 'Contact')).toEqual({});
    });

    it('requires a phone number', () => {
      expect(stepErrors({ ...VALID_INDIVIDUAL, phone: '' }, 'Contact')).toEqual({ phone: 'Phone number is required' });
    });

    it('requires a password of at least 8 characters', () => {
      expect(stepErrors({ ...VALID_INDIVIDUAL, password: '', confirmPassword: '' }, 'Contact')).toEqual({ password: 'Password is required' });
      expect(stepErrors({ ...VALID_INDIVIDUAL, password: 'seven77', confirmPassword: 'seven77' }, 'Contact'))
        .toEqual({ password: 'Password must be at least 8 characters' });
      expect(stepErrors({ ...VALID_INDIVIDUAL, password: 'eight888', confirmPassword: 'eight888' }, 'Contact')).toEqual({});
    });

    it('requires the confirmation to match', () => {
      expect(stepErrors({ ...VALID_INDIVIDUAL, confirmPassword: 'sunshine9' }, 'Contact')).toEqual({ confirmPassword: 'Passwords do not match' });
      expect(stepErrors({ ...EMPTY_FORM, password: 'sunshine8', confirmPassword: 'sunshine9' }, 'Contact'))
        .toMatchObject({ confirmPassword: 'Passwords do not match' });
    });
  });

  describe('Address', () => {
    it.each([
      ['address', 'Street address is required'],
      ['city', 'City is required'],
      ['parish', 'Parish is required'],
      ['branchId', 'Branch is required'],
    ] as const)('%s blank: "%s"', (field, message) => {
      expect(stepErrors({ ...VALID_INDIVIDUAL, [field]: '' }, 'Address')).toEqual({ [field]: message });
    });

    it('accepts only the 14 parishes', () => {
      expect(PARISHES).toHaveLength(14);
      for (const parish of PARISHES) expect(stepErrors({ ...VALID_INDIVIDUAL, parish }, 'Address')).toEqual({});
      expect(stepErrors({ ...VALID_INDIVIDUAL, parish: 'Miami' }, 'Address')).toEqual({ parish: 'Parish is required' });
    });

    it('needs a real branch id', () => {
      expect(stepErrors({ ...VALID_INDIVIDUAL, branchId: 'head-office' }, 'Address')).toEqual({ branchId: 'Branch is required' });
    });
  });
});

describe('toRegistrationPayload', () => {
  it('lowercases and trims the email and drops the confirmation', () => {
    const payload = toRegistrationPayload({ ...VALID_INDIVIDUAL, email: '  Ana.Brown@Example.COM ' });
    expect(payload.email).toBe('ana.brown@example.com');
    expect(payload).not.toHaveProperty('confirmPassword');
    expect(payload.password).toBe('sunshine8');
  });

  it('sends the title for an individual and a null business name', () => {
    const payload = toRegistrationPayload({ ...VALID_INDIVIDUAL, businessName: 'Left over from switching' });
    expect(payload.title).toBe('Ms.');
    expect(payload.businessName).toBeNull();
  });

  it('sends the business name for a business and a null title', () => {
    const payload = toRegistrationPayload({ ...VALID_INDIVIDUAL, accountType: 'business', businessName: 'Brown Imports', title: 'Ms.' });
    expect(payload.businessName).toBe('Brown Imports');
    expect(payload.title).toBeNull();
  });

  it('defaults country to Jamaica, membership to standard, and blank codes to null', () => {
    const payload = toRegistrationPayload({ ...VALID_INDIVIDUAL, country: '', membershipType: '', couponCode: '  ', referralCode: undefined });
    expect(payload).toMatchObject({ country: 'Jamaica', membershipType: 'standard', couponCode: null, referralCode: null });
  });

  it('keeps what the user chose', () => {
    const payload = toRegistrationPayload({ ...VALID_INDIVIDUAL, country: 'Jamaica W.I.', membershipType: 'student', couponCode: ' SAVE10 ', referralCode: 'REF1' });
    expect(payload).toMatchObject({ country: 'Jamaica W.I.', membershipType: 'student', couponCode: 'SAVE10', referralCode: 'REF1' });
  });

  it('produces a payload the API schema accepts', () => {
    const payload = toRegistrationPayload({ ...VALID_INDIVIDUAL, email: ' Ana@Example.com ' });
    const parsed = customerRegisterSchema.safeParse({ ...payload, courierId: BRANCH_ID });
    expect(parsed.success).toBe(true);
  });
});

describe('customerRegisterSchema (server side)', () => {
  const { confirmPassword: _confirm, ...apiBody } = VALID_INDIVIDUAL;

  it('applies the same account-type rules as the wizard', () => {
    const result = customerRegisterSchema.safeParse({ ...apiBody, accountType: 'business', businessName: null });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['businessName', 'Business name is required for business accounts'],
    ]);
  });

  it('fills in defaults for country and membership', () => {
    const { country: _c, membershipType: _m, ...rest } = apiBody;
    expect(customerRegisterSchema.parse(rest)).toMatchObject({ country: 'Jamaica', membershipType: 'standard' });
  });
});
