import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  changePasswordFormSchema, changePasswordSchema, customerResetPasswordSchema, requestPasswordResetSchema,
  resetPasswordFormSchema, resetPasswordSchema, staffPasswordFormSchema,
} from './password';

/** [field, message] pairs, in order, the way a form shows them. */
function issues(schema: z.ZodType, value: unknown): [string, string][] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
}

describe('reset password form (both flows)', () => {
  it('accepts matching passwords of 8 characters or more', () => {
    expect(issues(resetPasswordFormSchema, { newPassword: 'eight888', confirmPassword: 'eight888' })).toEqual([]);
  });

  it('needs at least 8 characters', () => {
    expect(issues(resetPasswordFormSchema, { newPassword: 'seven77', confirmPassword: 'seven77' }))
      .toEqual([['newPassword', 'Password must be at least 8 characters long']]);
  });

  it('needs the two passwords to match', () => {
    expect(issues(resetPasswordFormSchema, { newPassword: 'eight888', confirmPassword: 'eight889' }))
      .toEqual([['confirmPassword', 'Passwords do not match']]);
  });
});

describe('reset password request bodies', () => {
  it('reports a missing token as "Invalid or missing reset token"', () => {
    expect(issues(resetPasswordSchema, { newPassword: 'eight888' })).toEqual([['token', 'Invalid or missing reset token']]);
    expect(issues(resetPasswordSchema, { token: '', newPassword: 'eight888' })).toEqual([['token', 'Invalid or missing reset token']]);
  });

  it('checks the length on the server too', () => {
    expect(issues(resetPasswordSchema, { token: 'abc', newPassword: 'short' })).toEqual([['newPassword', 'Password must be at least 8 characters long']]);
  });

  it('lets the customer flow carry an api_key', () => {
    expect(customerResetPasswordSchema.parse({ token: 'abc', newPassword: 'eight888', api_key: ' pk_1 ' }).api_key).toBe('pk_1');
  });

  it('requires an email to request a reset and normalises it', () => {
    expect(issues(requestPasswordResetSchema, {})).toEqual([['email', 'Email is required']]);
    expect(issues(requestPasswordResetSchema, { email: '  ' })).toEqual([['email', 'Email is required']]);
    expect(requestPasswordResetSchema.parse({ email: ' Staff@Example.COM ' }).email).toBe('staff@example.com');
  });
});

describe('change password form (admin settings)', () => {
  const valid = { currentPassword: 'old-pass-1', newPassword: 'new-pass-1', confirmPassword: 'new-pass-1' };

  it('accepts a valid change', () => {
    expect(issues(changePasswordFormSchema, valid)).toEqual([]);
  });

  it('requires the current password', () => {
    expect(issues(changePasswordFormSchema, { ...valid, currentPassword: '' })).toEqual([['currentPassword', 'Please enter your current password']]);
  });

  it('requires a new password', () => {
    expect(issues(changePasswordFormSchema, { ...valid, newPassword: '', confirmPassword: '' })[0])
      .toEqual(['newPassword', 'Please enter a new password']);
  });

  it('needs at least 8 characters', () => {
    expect(issues(changePasswordFormSchema, { ...valid, newPassword: 'seven77', confirmPassword: 'seven77' }))
      .toEqual([['newPassword', 'New password must be at least 8 characters long']]);
  });

  it('needs the confirmation to match', () => {
    expect(issues(changePasswordFormSchema, { ...valid, confirmPassword: 'new-pass-2' })).toEqual([['confirmPassword', 'New passwords do not match']]);
  });

  it('needs the new password to differ from the current one', () => {
    expect(issues(changePasswordFormSchema, { currentPassword: 'same-pass-1', newPassword: 'same-pass-1', confirmPassword: 'same-pass-1' }))
      .toEqual([['newPassword', 'New password must be different from current password']]);
  });
});

describe('change password request body (server)', () => {
  it('carries the same messages without the confirmation', () => {
    expect(issues(changePasswordSchema, {})).toEqual([
      ['currentPassword', 'Please enter your current password'],
      ['newPassword', 'Please enter a new password'],
    ]);
    expect(issues(changePasswordSchema, { currentPassword: 'x', newPassword: 'short' })).toEqual([['newPassword', 'New password must be at least 8 characters long']]);
    expect(issues(changePasswordSchema, { currentPassword: 'same-pass-1', newPassword: 'same-pass-1' }))
      .toEqual([['newPassword', 'New password must be different from current password']]);
    expect(issues(changePasswordSchema, { currentPassword: 'x', newPassword: 'new-pass-1' })).toEqual([]);
  });
});

describe('staff My Profile password form', () => {
  it('checks only that the new passwords match', () => {
    expect(issues(staffPasswordFormSchema, { currentPassword: '', newPassword: 'a', confirmPassword: 'a' })).toEqual([]);
    expect(issues(staffPasswordFormSchema, { currentPassword: 'x', newPassword: 'same', confirmPassword: 'same' })).toEqual([]);
    expect(issues(staffPasswordFormSchema, { currentPassword: 'x', newPassword: 'new-pass-1', confirmPassword: 'new-pass-2' }))
      .toEqual([['confirmPassword', 'New passwords do not match']]);
  });
});
