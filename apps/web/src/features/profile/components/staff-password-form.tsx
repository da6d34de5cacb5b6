import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { MSG } from '@parceldesk/shared/messages';
import { staffPasswordFormSchema, type StaffPasswordFormValues } from '@parceldesk/shared/schemas/password';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useUpdateOwnPassword } from '../api/update-own-account';
import { applyFieldErrors } from './apply-field-errors';

const EMPTY: StaffPasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FIELDS = ['currentPassword', 'newPassword'] as const;

/** Staff My Profile password form: the browser checks only the match (spec section 5). */
export function StaffPasswordForm({ userId }: { userId: string }) {
  const update = useUpdateOwnPassword(userId);
  const form = useForm<StaffPasswordFormValues>({ resolver: zodResolver(staffPasswordFormSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  // Controlled so a successful change also hides any password left in plain text.
  const [visible, setVisible] = useState(false);

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await update.mutateAsync({ currentPassword, newPassword });
      notify.success(MSG.passwordUpdated);
      form.reset(EMPTY);
      setVisible(false);
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

  const toggle = { visible, onVisibilityChange: setVisible };
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change password">
      <Stack gap="sm">
        <PasswordInput label="Current Password" autoComplete="current-password" error={errors.currentPassword?.message} {...toggle} {...form.register('currentPassword')} />
        <PasswordInput label="New Password" autoComplete="new-password" error={errors.newPassword?.message} {...toggle} {...form.register('newPassword')} />
        <PasswordInput label="Confirm New Password" autoComplete="new-password" error={errors.confirmPassword?.message} {...toggle} {...form.register('confirmPassword')} />
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            Update Password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
