import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack } from '@mantine/core';
import { MSG } from '@parceldesk/shared/messages';
import { resetPasswordFormSchema, type ResetPasswordFormValues } from '@parceldesk/shared/schemas/password';
import { errorMessage } from '../../../lib/api-client';
import { PasswordField } from '../../../components/ui/password-field';

interface ResetPasswordFormProps {
  /** Sends the new password; a rejection shows the server's message (spec section 8). */
  onReset: (newPassword: string) => Promise<void>;
}

/** New password and its confirmation, for both reset flows (spec section 5). */
export function ResetPasswordForm({ onReset }: ResetPasswordFormProps) {
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<ResetPasswordFormValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = formState;

  const submit = async ({ newPassword }: ResetPasswordFormValues) => {
    setError(null);
    try {
      await onReset(newPassword);
    } catch (failure) {
      setError(errorMessage(failure, MSG.resetFailed));
    }
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate>
      <Stack gap="md">
        <PasswordField label="New Password" autoComplete="new-password" error={errors.newPassword?.message} {...register('newPassword')} />
        <PasswordField label="Confirm Password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
        <Button type="submit" fullWidth disabled={isSubmitting}>
          {isSubmitting ? 'Resetting...' : 'Reset Password'}
        </Button>
        {error && (
          <Alert role="alert" color="red" variant="light">
            {error}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
