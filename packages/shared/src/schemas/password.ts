import { z } from 'zod';
import { MSG } from '../messages';
import { MIN_PASSWORD_LENGTH } from '../constants';
import { ROLES } from '../roles';

const MAX_PASSWORD = 1024;

/** Both reset flows (spec section 5). The form adds the confirmation. */
export const resetPasswordSchema = z.object({
  token: z.string({ error: MSG.resetTokenMissing }).min(1, MSG.resetTokenMissing).max(512, MSG.resetTokenMissing),
  newPassword: z.string({ error: MSG.resetPasswordMin }).min(MIN_PASSWORD_LENGTH, MSG.resetPasswordMin).max(MAX_PASSWORD),
});
/** Issue 15 #2: the link sent to a new email address, opened to confirm the change. */
export const confirmEmailSchema = z.object({
  token: z.string({ error: MSG.emailChangeInvalid }).min(1, MSG.emailChangeInvalid).max(512, MSG.emailChangeInvalid),
});
export type ConfirmEmailInput = z.infer<typeof confirmEmailSchema>;
/** Whose address changed, so the page can offer the right sign-in. */
export const confirmEmailResponseSchema = z.object({ message: z.string(), role: z.enum(ROLES) });

export const customerResetPasswordSchema = resetPasswordSchema.extend({
  api_key: z.string().trim().max(200).optional().nullable(),
});

export const resetPasswordFormSchema = z
  .object({
    newPassword: z.string().min(MIN_PASSWORD_LENGTH, MSG.resetPasswordMin).max(MAX_PASSWORD),
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: MSG.passwordsDoNotMatch });
export type ResetPasswordFormValues = z.infer<typeof resetPasswordFormSchema>;

export const requestPasswordResetSchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().toLowerCase().min(1, 'Email is required').max(254),
  api_key: z.string().trim().max(200).optional().nullable(),
});

/** PUT /auth/change-password and PUT /users/{id}/password. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: MSG.currentPasswordRequired }).min(1, MSG.currentPasswordRequired).max(MAX_PASSWORD),
    newPassword: z
      .string({ error: MSG.newPasswordRequired })
      .min(1, MSG.newPasswordRequired)
      .min(MIN_PASSWORD_LENGTH, MSG.newPasswordMin)
      .max(MAX_PASSWORD),
  })
  .refine((v) => v.newPassword !== v.currentPassword, { path: ['newPassword'], message: MSG.newPasswordSame });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The admin settings form: every rule of spec section 5 plus the confirmation. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, MSG.currentPasswordRequired),
    newPassword: z.string().min(1, MSG.newPasswordRequired).min(MIN_PASSWORD_LENGTH, MSG.newPasswordMin),
    confirmPassword: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.confirmPassword !== v.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MSG.newPasswordsDoNotMatch });
    }
    if (v.currentPassword && v.newPassword && v.newPassword === v.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: MSG.newPasswordSame });
    }
  });
export type ChangePasswordFormValues = z.infer<typeof changePasswordFormSchema>;

/** The staff My Profile password form checks only the match in the browser (spec section 5). */
export const staffPasswordFormSchema = z
  .object({ currentPassword: z.string(), newPassword: z.string(), confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: MSG.newPasswordsDoNotMatch });
export type StaffPasswordFormValues = z.infer<typeof staffPasswordFormSchema>;
