import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { courierSignupSchema, customerLoginSchema, loginSchema, staffRegisterSchema, tokenLoginSchema } from './auth';
import { staffProfileSchema } from './profile';

/** The first message of each field, the way a form shows them. */
function fieldErrors(schema: z.core.$ZodType, value: unknown): Record<string, string> {
  const result = z.safeParse(schema, value);
  const errors: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = issue.path.join('.');
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

describe('login forms', () => {
  it('require email and password', () => {
    expect(fieldErrors(loginSchema, {})).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(fieldErrors(loginSchema, { email: '', password: '' })).toEqual({ email: 'Email is required', password: 'Password is required' });
  });

  it('reject a malformed email', () => {
    expect(fieldErrors(loginSchema, { email: 'admin', password: 'x' })).toEqual({ email: 'Invalid email format' });
    expect(fieldErrors(loginSchema, { email: 'admin@host', password: 'x' })).toEqual({ email: 'Invalid email format' });
  });

  it('normalise the email but keep the password exactly as typed', () => {
    expect(loginSchema.parse({ email: '  Admin@Courier.COM ', password: ' pass word ' })).toEqual({ email: 'admin@courier.com', password: ' pass word ' });
  });

  it('let the customer login carry an optional api_key', () => {
    expect(customerLoginSchema.parse({ email: 'a@b.co', password: 'x' }).api_key).toBeUndefined();
    expect(customerLoginSchema.parse({ email: 'a@b.co', password: 'x', api_key: ' pk_abc ' }).api_key).toBe('pk_abc');
  });

  it('reject an empty impersonation token as invalid', () => {
    expect(fieldErrors(tokenLoginSchema, { token: '' })).toEqual({ token: 'Invalid or expired impersonation token' });
  });
});

describe('courier sign-up and staff forms', () => {
  it('courier sign-up requires company, names, email and an 8-character password', () => {
    expect(fieldErrors(courierSignupSchema, { courierName: ' ', firstName: '', lastName: '', email: '', password: 'short' })).toEqual({
      courierName: 'Company name is required',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      password: 'Password must be at least 8 characters',
    });
  });

  it('staff registration accepts only branch_manager or staff', () => {
    const base = { firstName: 'Sam', lastName: 'Lee', email: 'sam@example.com' };
    expect(fieldErrors(staffRegisterSchema, { ...base, role: 'courier_admin' })).toEqual({ role: 'Role must be branch_manager or staff' });
    expect(fieldErrors(staffRegisterSchema, { ...base, role: 'staff' })).toEqual({});
    expect(fieldErrors(staffRegisterSchema, { ...base, role: 'staff', password: 'short' })).toEqual({ password: 'Password must be at least 8 characters' });
  });

  it('staff My Profile requires first name, last name and email', () => {
    expect(fieldErrors(staffProfileSchema, { firstName: '', lastName: '', email: '' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
    });
  });
});
