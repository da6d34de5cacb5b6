import { z } from 'zod';
import type { ApiErrorBody } from '../errors';

// One email rule everywhere: the sign-in schema's (./sign-in, zod/mini), usable in classic schemas too.
export { EMAIL_PATTERN, emailSchema } from './sign-in';

export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

export const optionalText = (max = 200) =>
  z.string().trim().max(max, `At most ${max} characters`).optional().nullable();

export const idSchema = z.string().uuid('Invalid id');

export const idParamsSchema = z.object({ id: idSchema });

/** The body of every error answer (`ApiErrorBody` of ../errors), as the API documentation describes it. */
export const apiErrorBodySchema = z.object({
  message: z.string().describe('For people: show it as is.'),
  fieldErrors: z.record(z.string(), z.string()).optional().describe('Per request field, when a field is at fault (400, 409).'),
  code: z.string().optional().describe('Machine-readable `area.reason` (such as `ticket.invalid_transition`) when a business rule refused.'),
}) satisfies z.ZodType<ApiErrorBody>;

export const messageResponseSchema = z.object({ message: z.string() });
/** A write that answers with its message only (settings, password reset). */
export const successMessageSchema = z.object({ success: z.literal(true), message: z.string() });

export const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']) });
