import * as z from 'zod/mini';
import { MSG } from '../messages';

/** Spec section 5: the simple pattern text, @, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// The sign-in schemas are written with zod/mini: the sign-in pages are the first download of
// every visitor (often a phone on a slow network), and zod/mini keeps only the checks used,
// where zod's classic API brings all of itself (~40 KB gzip). Same rules, same messages; the
// API validates with these very objects (fastify-type-provider-zod works on zod's core).

/** Trimmed and lower-cased, then required and checked against the spec's pattern. */
export const emailSchema = z.string({ error: MSG.emailRequired }).check(
  z.trim(),
  z.toLowerCase(),
  z.minLength(1, MSG.emailRequired),
  z.maxLength(254, MSG.invalidEmail),
  z.regex(EMAIL_PATTERN, MSG.invalidEmail),
);

/** Login forms require email and password (spec section 5); the password is not trimmed. */
export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: MSG.passwordRequired }).check(z.minLength(1, MSG.passwordRequired), z.maxLength(1024, MSG.invalidCredentials)),
  rememberMe: z.optional(z.boolean()),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const customerLoginSchema = z.extend(loginSchema, {
  api_key: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(200)))),
});
export type CustomerLoginInput = z.infer<typeof customerLoginSchema>;
