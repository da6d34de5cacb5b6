import { describe, expect, it } from 'vitest';
import { packageClaimDecisionSchema, packageEditSchema, preAlertInputSchema, receivePackageSchema, volumetricDivisorSchema } from './packages';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('receivePackageSchema', () => {
  it('takes multipart text: numbers coerced, empty fields absent, pieces default 1', () => {
    const parsed = receivePackageSchema.parse({ trackingNumber: '1z999aa1 0123456784', weight: '3.25', length: '', width: '', height: '', mailboxNumber: '' });
    expect(parsed).toMatchObject({ weight: 3.25, pieces: 1 });
    expect(parsed.length).toBeUndefined();
    expect(parsed.mailboxNumber).toBeUndefined();
  });

  it('refuses 0 lb and 10,000 lb, three decimals and half the dimensions, with clear messages', () => {
    expect(messages(receivePackageSchema.safeParse({ trackingNumber: '123456', weight: 0 }))).toEqual({ weight: 'Weight must be more than 0 lb' });
    expect(messages(receivePackageSchema.safeParse({ trackingNumber: '123456', weight: 10000 }))).toEqual({ weight: 'Weight must be at most 1,000 lb' });
    expect(messages(receivePackageSchema.safeParse({ trackingNumber: '123456', weight: 1.234 }))).toEqual({ weight: 'Use at most 2 decimals' });
    expect(messages(receivePackageSchema.safeParse({ trackingNumber: '123456', weight: 2, length: 10 }))).toEqual({
      width: 'Enter length, width and height together, or none of them', height: 'Enter length, width and height together, or none of them',
    });
    expect(messages(receivePackageSchema.safeParse({ trackingNumber: '12-34', weight: 2 }))).toEqual({ trackingNumber: 'Tracking number must be 6 to 40 letters or digits' });
    expect(messages(receivePackageSchema.safeParse({ trackingNumber: '123456' }))).toEqual({ weight: 'Weight is required' });
  });
});

describe('preAlertInputSchema', () => {
  it('needs store, description and a declared value of 0 or more', () => {
    expect(messages(preAlertInputSchema.safeParse({ trackingNumber: '1Z999AA10123456784', store: ' ', description: '', declaredValue: -1 }))).toEqual({
      store: 'Store is required', description: 'Description is required', declaredValue: 'Declared value must be between 0 and 1,000,000 US$',
    });
    expect(preAlertInputSchema.parse({ trackingNumber: '1Z999AA10123456784', store: 'Amazon', description: 'Shoes', declaredValue: '0' }))
      .toMatchObject({ declaredValue: 0, service: 'air' });
  });
});

describe('edits, claims, settings', () => {
  it('an edit needs a reason; a rejection needs one too', () => {
    expect(messages(packageEditSchema.safeParse({ weight: 2 }))).toEqual({ reason: 'Give a reason for the change' });
    expect(messages(packageClaimDecisionSchema.safeParse({ decision: 'reject' }))).toEqual({ reason: 'Give the reason for rejecting the claim' });
    expect(packageClaimDecisionSchema.safeParse({ decision: 'approve' }).success).toBe(true);
  });

  it('the volumetric divisor is a whole number from 100 to 400', () => {
    expect(volumetricDivisorSchema.safeParse({ volumetricDivisor: 139 }).success).toBe(true);
    expect(messages(volumetricDivisorSchema.safeParse({ volumetricDivisor: 0 }))).toEqual({ volumetricDivisor: 'The volumetric divisor must be a whole number from 100 to 400' });
  });
});
