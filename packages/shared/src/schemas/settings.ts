import { z } from 'zod';
import { ADDRESS_LINE_NAMES, addressLines } from '../shipping-address';
import { parseWeight, parseWeightRange } from '../weights';
import { EMAIL_PATTERN, emailSchema, requiredText } from './common';

/** Messages of the Settings screen (spec sections 5 and 8), defined once. */
export const SETTINGS_MSG = {
  logoMissing: 'Please select a logo file',
  logoNotImage: 'Please select an image file',
  logoTooLarge: 'File size must be less than 5MB',
  logoFailed: 'Failed to upload logo. Please try again.',
  logoUpdated: 'Logo updated successfully!',
  companyFailed: 'Failed to update company settings',
  companyUpdated: 'Company settings updated successfully!',
  addressesFailed: 'Failed to update shipping addresses',
  addressesUpdated: 'Shipping addresses updated!',
  bankFailed: 'Failed to update bank details',
  bankUpdated: 'Bank details updated!',
  feesFailed: 'Failed to update additional fees',
  feesUpdated: 'Additional fees updated successfully!',
  emailConfigFailed: 'Failed to save email configuration',
  emailConfigSaved: 'Email configuration saved successfully',
  templateFailed: 'Failed to download template',
  uploadFailed: 'Failed to upload file',
  uploadFailedShort: 'Upload failed',
  testEmailFailed: 'Failed to send test email',
  testEmailRequired: 'Please enter an email address',
  testEmailInvalid: 'Please enter a valid email address',
  rateSheetFailed: 'Failed to upload rate sheet. Please try again.',
  rateSheetUpdated: 'Rate sheet updated successfully!',
  rateSheetMissing: 'Please select a file',
  rateSheetWrongType: 'Please select a PDF, Excel, or Word file',
  rateSheetTooLarge: 'File size must be less than 10MB',
  noRateSheet: 'No rate sheet uploaded yet.',
  bulkWrongType: 'Please select an Excel (.xlsx, .xls) or CSV file',
  bulkMissing: 'Please select a file and ensure you have a valid courier ID',
  bulkTooLarge: 'File size must be less than 5MB',
  courierMissing: 'Courier ID not found. Please reload the page or contact support.',
  confirmDeleteRate: 'Are you sure you want to delete this shipping rate?',
  confirmDeleteFee: 'Are you sure you want to delete this processing fee?',
  weightRequired: 'Weight is required',
  weightInvalid: 'Weight must be a number of pounds, such as 1, 1 lb or 2.5lbs',
  costRequired: 'Cost is required',
  costInvalid: 'Cost must be 0 or more',
  weightRangeRequired: 'Weight range is required',
  weightRangeInvalid: "Weight range must be two weights joined by 'to', such as '1lb to 10lbs' or '0.5lbs to 5lbs'",
  feeRequired: 'Fee is required',
  feeInvalid: 'Fee must be 0 or more',
  gctRange: 'GCT must be between 0 and 100',
  feeMin: 'Fees must be 0 or more',
  smtpHostRequired: 'SMTP host is required',
  smtpPortInvalid: 'SMTP port must be a number between 1 and 65535',
  smtpUserRequired: 'SMTP user is required',
  smtpPasswordRequired: 'SMTP password is required',
  fromEmailInvalid: 'From email must be a valid email address',
  fromNameRequired: 'From name is required',
  // Server answers of the rate and fee tables (issue 4); not worded by the spec.
  courierIdRequired: 'courierId is required',
  rateCreated: 'Shipping rate created successfully!',
  rateUpdated: 'Shipping rate updated successfully!',
  rateDeleted: 'Shipping rate deleted successfully!',
  rateDuplicate: 'A rate for this weight already exists',
  processingFeeCreated: 'Processing fee created successfully!',
  processingFeeUpdated: 'Processing fee updated successfully!',
  processingFeeDeleted: 'Processing fee deleted successfully!',
} as const;

/** The 409 of a processing fee whose range overlaps one the courier already has. */
export const rangeOverlapMessage = (existing: string) => `This range overlaps '${existing}'`;

const money = (required: string, invalid: string) =>
  z.number({ error: required }).finite(invalid).min(0, invalid).max(10_000_000, invalid).multipleOf(0.01, 'Use at most 2 decimals');

/** Tab 0: the company and its admin. */
export const companyInfoSchema = z.object({
  name: requiredText('Company name is required', 120),
  firstName: requiredText('First name is required', 100),
  lastName: requiredText('Last name is required', 100),
  email: emailSchema,
});
export type CompanyInfoInput = z.infer<typeof companyInfoSchema>;

/** Six lines: Name, Address Line One, Address Line Two (mailbox), City, State, Zip. */
export function missingAddressLine(text: string): string | null {
  const lines = addressLines(text);
  const missing = ADDRESS_LINE_NAMES[lines.length];
  return lines.length >= ADDRESS_LINE_NAMES.length ? null : missing ?? null;
}

const sixLineAddress = (mode: 'AIR' | 'SEA') =>
  z.string().max(1000).superRefine((text, ctx) => {
    if (!text.trim()) return; // an empty address means "not published yet"
    const lines = addressLines(text);
    if (lines.length > ADDRESS_LINE_NAMES.length) {
      ctx.addIssue({ code: 'custom', message: `The ${mode} address has more than six lines (Name, Address Line One, Address Line Two, City, State, Zip)` });
      return;
    }
    const missing = missingAddressLine(text);
    if (missing) ctx.addIssue({ code: 'custom', message: `The ${mode} address is missing its ${missing} line` });
  });

export const shippingAddressesSchema = z.object({
  shipping_address_air: sixLineAddress('AIR'),
  shipping_address_sea: sixLineAddress('SEA'),
});

export const bankDetailsSchema = z.object({ bank_details: z.string().max(4000, 'Bank details are too long') });

/** Tab 1: one shipping rate. Status is shown ACTIVE/INACTIVE and stored lower-case. */
export const shippingRateSchema = z.object({
  weight: z.string({ error: SETTINGS_MSG.weightRequired }).trim().min(1, SETTINGS_MSG.weightRequired).max(40, SETTINGS_MSG.weightInvalid)
    .refine((w) => parseWeight(w) !== null, SETTINGS_MSG.weightInvalid),
  cost: money(SETTINGS_MSG.costRequired, SETTINGS_MSG.costInvalid),
  status: z.string().trim().toLowerCase().pipe(z.enum(['active', 'inactive'], { error: 'Status must be ACTIVE or INACTIVE' })).default('active'),
});
export type ShippingRateInput = z.input<typeof shippingRateSchema>;

/** Tab 2: GCT percent (0 to 100, step 0.1) and the named fees (>= 0, step 0.01). */
export const additionalFeesSchema = z.object({
  gct: z.number({ error: SETTINGS_MSG.gctRange }).min(0, SETTINGS_MSG.gctRange).max(100, SETTINGS_MSG.gctRange).multipleOf(0.1, 'GCT uses steps of 0.1'),
  unknownFee: money(SETTINGS_MSG.feeMin, SETTINGS_MSG.feeMin),
  uncollectedFee: money(SETTINGS_MSG.feeMin, SETTINGS_MSG.feeMin),
  switchingFee: money(SETTINGS_MSG.feeMin, SETTINGS_MSG.feeMin),
});
export type AdditionalFeesInput = z.infer<typeof additionalFeesSchema>;

/** Tab 3: a processing fee by weight range. */
export const processingFeeSchema = z.object({
  weightRange: z.string({ error: SETTINGS_MSG.weightRangeRequired }).trim().min(1, SETTINGS_MSG.weightRangeRequired).max(60, SETTINGS_MSG.weightRangeInvalid)
    .refine((r) => parseWeightRange(r) !== null, SETTINGS_MSG.weightRangeInvalid),
  fee: money(SETTINGS_MSG.feeRequired, SETTINGS_MSG.feeInvalid),
});
export type ProcessingFeeInput = z.infer<typeof processingFeeSchema>;

/**
 * Tab 5: SMTP settings. The password may be left empty when one is already stored (the form
 * shows that one is set); the server rejects an empty password when none is stored.
 */
export const emailConfigSchema = z.object({
  smtp_host: requiredText(SETTINGS_MSG.smtpHostRequired, 253),
  smtp_port: z.coerce.number({ error: SETTINGS_MSG.smtpPortInvalid }).int(SETTINGS_MSG.smtpPortInvalid).min(1, SETTINGS_MSG.smtpPortInvalid).max(65535, SETTINGS_MSG.smtpPortInvalid),
  smtp_user: requiredText(SETTINGS_MSG.smtpUserRequired, 254),
  smtp_password: z.string().max(1024).optional().default(''),
  from_email: z.string().trim().regex(EMAIL_PATTERN, SETTINGS_MSG.fromEmailInvalid).max(254),
  from_name: requiredText(SETTINGS_MSG.fromNameRequired, 120),
  status: z.enum(['active', 'inactive']).default('active'),
});
export type EmailConfigInput = z.input<typeof emailConfigSchema>;

export const testEmailSchema = z.object({
  test_email: z.string({ error: SETTINGS_MSG.testEmailRequired }).trim().min(1, SETTINGS_MSG.testEmailRequired).regex(EMAIL_PATTERN, SETTINGS_MSG.testEmailInvalid).max(254),
});

export const RATE_SHEET_EXTENSIONS = ['.pdf', '.xlsx', '.xls', '.doc', '.docx'] as const;
export const BULK_RATE_EXTENSIONS = ['.xlsx', '.xls', '.csv'] as const;
export const LOGO_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.gif'] as const;

/** The additional-fees list of spec section 3: named entries with values. */
export function namedFees(fees: AdditionalFeesInput): { name: string; value: number }[] {
  return [
    { name: 'GCT', value: fees.gct },
    { name: 'Unknown Fee', value: fees.unknownFee },
    { name: 'Uncollected Fee', value: fees.uncollectedFee },
    { name: 'Switching Fee', value: fees.switchingFee },
  ];
}

/** Response shapes of the settings calls (spec section 7); dates are ISO strings. */
export const courierSettingsSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  logo_url: z.string().nullable(),
  shipping_address_air: z.string().nullable(),
  shipping_address_sea: z.string().nullable(),
  bank_details: z.string().nullable(),
  supports_membership: z.boolean(),
  /** The courier admin the Company info tab edits; absent for customers, null when the courier has none. */
  admin: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }).nullable().optional(),
});
export type CourierSettings = z.infer<typeof courierSettingsSchema>;

export const shippingRateViewSchema = z.object({
  id: z.string(),
  weight: z.string(),
  weight_lbs: z.number(),
  cost: z.number(),
  status: z.enum(['ACTIVE', 'INACTIVE']),
  createdAt: z.string(),
});
export type ShippingRateView = z.infer<typeof shippingRateViewSchema>;

export const processingFeeViewSchema = z.object({
  id: z.string(),
  weightRange: z.string(),
  minLbs: z.number(),
  maxLbs: z.number(),
  fee: z.number(),
  createdAt: z.string(),
});
export type ProcessingFeeView = z.infer<typeof processingFeeViewSchema>;

export const additionalFeesViewSchema = z.object({
  gct: z.number(),
  unknownFee: z.number(),
  uncollectedFee: z.number(),
  switchingFee: z.number(),
  fees: z.array(z.object({ name: z.string(), value: z.number() })),
});
export type AdditionalFeesView = z.infer<typeof additionalFeesViewSchema>;
