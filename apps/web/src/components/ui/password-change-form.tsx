import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack } from '@mantine/core';
import { MSG } from '@parceldesk/shared/messages';
import { changePasswordFormSchema, staffPasswordFormSchema, type ChangePasswordFormValues } from '@parceldesk/shared/schemas/password';
import { PasswordField } from './password-field';
import { ApiError, errorMessage } from '../../lib/api-client';
import { applyFieldErrors } from '../../lib/apply-field-errors';
import { authApi } from '../../lib/auth-api';
import { notify } from '../../lib/toast';

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
    try {
      await submit({ currentPassword, newPassword });
      notify.success(MSG.passwordUpdated);
      form.reset(EMPTY);
      setVisible(HIDDEN);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        form.setError('currentPassword', { type: 'server', message: MSG.currentPasswordIncorrect });
        notify.error(MSG.currentPasswordIncorrect);
        return;
      }
      applyFieldErrors(error, FIELDS, form.setError);
      notify.error(errorMessage(error, MSG.passwordUpdateFailed));
    }
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
