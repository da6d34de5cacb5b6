import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack } from '@mantine/core';
import { MSG } from '@parceldesk/shared/messages';
import { changePasswordFormSchema, staffPasswordFormSchema, type ChangePasswordFormValues } from '@parceldesk/shared/schemas/password';
import { PasswordField } from './password-field';
import { ApiError } from '../../lib/api-client';
import { authApi } from '../../lib/auth-api';
import { submitWithFeedback } from '../../lib/submit-with-feedback';

const EMPTY: ChangePasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FIELDS = ['currentPassword', 'newPassword'] as const;
const HIDDEN = { currentPassword: false, newPassword: false, confirmPassword: false };

export interface PasswordChangeFormProps {
  /**
   * The browser's rules: every rule of spec section 5 (admin settings, customer profile), or only
   * that the two new passwords match (staff My Profile, whose server checks the rest).
   */
  rules?: 'all' | 'match-only';
  /** Sends the change; by default PUT /auth/change-password. A 401 means the current password was wrong. */
  submit?: (change: { currentPassword: string; newPassword: string }) => Promise<unknown>;
}

/** The change-password form of every area: three fields, each with its own show/hide toggle. */
export function PasswordChangeForm({ rules = 'all', submit = authApi.changePassword }: PasswordChangeFormProps) {
  const schema = rules === 'all' ? changePasswordFormSchema : staffPasswordFormSchema;
  const form = useForm<ChangePasswordFormValues>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const [visible, setVisible] = useState(HIDDEN);

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    const sent = await submitWithFeedback(form.setError, FIELDS, async () => {
      try {
        await submit({ currentPassword, newPassword });
      } catch (error) {
        // A 401 here is the current password, whatever the server words it as: said on its field and in the toast.
        if (error instanceof ApiError && error.status === 401) {
          throw new ApiError(401, MSG.currentPasswordIncorrect, { currentPassword: MSG.currentPasswordIncorrect });
        }
        throw error;
      }
      return true;
    }, { success: MSG.passwordUpdated, failure: MSG.passwordUpdateFailed });
    if (!sent) return;
    form.reset(EMPTY);
    setVisible(HIDDEN);
  });

  const field = (name: keyof ChangePasswordFormValues, label: string, autoComplete: string) => (
    <PasswordField
      label={label}
      autoComplete={autoComplete}
      required
      visible={visible[name]}
      onVisibilityChange={(shown) => setVisible((current) => ({ ...current, [name]: shown }))}
      error={errors[name]?.message}
      {...form.register(name)}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change password">
      <Stack gap="sm">
        {field('currentPassword', 'Current Password', 'current-password')}
        {field('newPassword', 'New Password', 'new-password')}
        {field('confirmPassword', 'Confirm New Password', 'new-password')}
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            Update Password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
