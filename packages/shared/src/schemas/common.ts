import { z } from 'zod';

// One email rule everywhere: the sign-in schema's (./sign-in, zod/mini), usable in classic schemas too.
export { EMAIL_PATTERN, emailSchema } from './sign-in';

export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

export const optionalText = (max = 200) =>
  z.string().trim().max(max, `At most ${max} characters`).optional().nullable();

export const idSchema = z.string().uuid('Invalid id');

export const idParamsSchema = z.object({ id: idSchema });

export const messageResponseSchema = z.object({ message: z.string() });
/** A write that answers with its message only (settings, password reset). */
export const successMessageSchema = z.object({ success: z.literal(true), message: z.string() });

export const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']) });
