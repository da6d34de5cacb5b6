import { z } from 'zod';
import { MSG } from '../messages';

/** Spec section 5: the simple pattern text, @, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailSchema = z
  .string({ error: MSG.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, MSG.emailRequired)
  .max(254, MSG.invalidEmail)
  .regex(EMAIL_PATTERN, MSG.invalidEmail);

export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

export const optionalText = (max = 200) =>
  z.string().trim().max(max, `At most ${max} characters`).optional().nullable();

export const idSchema = z.string().uuid('Invalid id');

export const idParamsSchema = z.object({ id: idSchema });

export const messageResponseSchema = z.object({ message: z.string() });
export const successResponseSchema = z.object({ success: z.boolean(), message: z.string().optional() });
