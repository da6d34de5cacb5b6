import { z } from 'zod';
import {
  additionalFeesViewSchema, courierSettingsSchema, processingFeeViewSchema, shippingRateViewSchema,
} from './settings';

/** What the settings routes answer (spec section 7): the server's response schemas and the web's types. */

export const courierSettingsResponseSchema = z.object({ success: z.literal(true), data: courierSettingsSchema });
export const courierSavedSchema = z.object({ success: z.literal(true), message: z.string(), courier: courierSettingsSchema });
export const bankDetailsSavedSchema = z.object({ success: z.literal(true), message: z.string(), courier: z.object({ bank_details: z.string().nullable() }) });

export const shippingRatesResponseSchema = z.object({ success: z.literal(true), data: z.array(shippingRateViewSchema) });
export const shippingRateSavedSchema = z.object({ success: z.literal(true), message: z.string(), data: shippingRateViewSchema });

export const processingFeesResponseSchema = z.object({ success: z.literal(true), data: z.array(processingFeeViewSchema) });
export const processingFeeSavedSchema = z.object({ success: z.literal(true), message: z.string(), data: processingFeeViewSchema });

export const additionalFeesResponseSchema = additionalFeesViewSchema.extend({ success: z.literal(true) });
export const additionalFeesSavedSchema = additionalFeesViewSchema.extend({ success: z.literal(true), message: z.string() });

/** The stored SMTP configuration; the password itself never comes back, only whether one is set. */
export const emailConfigViewSchema = z.object({
  smtp_host: z.string(),
  smtp_port: z.number(),
  smtp_user: z.string(),
  from_email: z.string(),
  from_name: z.string(),
  status: z.enum(['active', 'inactive']),
  has_password: z.boolean(),
});
export type EmailConfig = z.infer<typeof emailConfigViewSchema>;
export const emailConfigResponseSchema = z.object({ success: z.literal(true), data: emailConfigViewSchema.nullable() });
/** The SMTP server refused or could not be reached (502): the message says what it answered. */
export const smtpFailureSchema = z.object({ message: z.string() });

/** Bulk upload of shipping rates: what was created, updated and refused, row by row. */
export const invalidRateRowSchema = z.object({ row: z.number(), weight: z.string(), cost: z.string(), reason: z.string() });
export type InvalidRateRow = z.infer<typeof invalidRateRowSchema>;
export const bulkUploadResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  createdRates: z.number(),
  updatedRates: z.number(),
  invalidRates: z.number(),
  totalProcessed: z.number(),
  invalidRows: z.array(invalidRateRowSchema),
});
export type BulkUploadResult = z.infer<typeof bulkUploadResultSchema>;

export const logoUploadedSchema = z.object({ success: z.literal(true), message: z.string(), logo_url: z.string() });

/** The courier's rate sheet, or nulls when none is uploaded. */
export const rateSheetResponseSchema = z.object({ success: z.literal(true), rate_sheet_url: z.string().nullable(), file_name: z.string().nullable() });
export type RateSheet = z.infer<typeof rateSheetResponseSchema>;
export const rateSheetUploadedSchema = z.object({ success: z.literal(true), message: z.string(), rate_sheet_url: z.string() });

/**
 * Multipart request bodies, for the API documentation (the upload handlers read the parts
 * themselves, with their own size limits and content checks: modules/uploads/multipart.ts).
 */
export const logoUploadFormSchema = z.object({ logo: z.file().describe('JPG, PNG or GIF, at most 5MB') });
export const rateSheetUploadFormSchema = z.object({
  rate_sheet: z.file().describe('PDF, Excel or Word, at most 10MB'),
  courier_id: z.uuid(),
});
export const bulkUploadFormSchema = z.object({
  file: z.file().describe('.xlsx, .xls or .csv with the columns weight and cost'),
  courier_id: z.uuid(),
});
