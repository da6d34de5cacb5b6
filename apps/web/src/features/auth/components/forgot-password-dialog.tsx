import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { MSG } from '@parceldesk/shared/messages';
import { requestPasswordResetSchema } from '@parceldesk/shared/schemas/password';
import { authApi } from '../../../lib/auth-api';
import { submitWithFeedback } from '../../../lib/submit-with-feedback';

type RequestResetValues = z.output<typeof requestPasswordResetSchema>;

interface ForgotPasswordDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The customer portal sends its courier's api_key (spec section 7); staff portals send none. */
  apiKey?: string | null;
}

export function ForgotPasswordDialog({ opened, onClose, apiKey }: ForgotPasswordDialogProps) {
  const { register, handleSubmit, formState, reset, setError } = useForm<z.input<typeof requestPasswordResetSchema>, unknown, RequestResetValues>({
    resolver: zodResolver(requestPasswordResetSchema),
    defaultValues: { email: '' },
  });

  const close = () => {
    reset();
    onClose();
  };

  const submit = async ({ email }: RequestResetValues) => {
    const sent = await submitWithFeedback(setError, [], () => authApi.requestPasswordReset(apiKey ? { email, api_key: apiKey } : { email }).then(() => true), {
      success: MSG.resetEmailSent,
      failure: MSG.resetEmailFailed,
    });
    if (sent) close();
  };

  return (
    <Modal opened={opened} onClose={close} title="Forgot Password" centered>
      <form onSubmit={handleSubmit(submit)} noValidate>
        <Stack gap="md">
          <Text size="sm">Enter your account email and we will send you a link to reset your password.</Text>
          <TextInput label="Email" type="email" autoComplete="email" data-autofocus error={formState.errors.email?.message} {...register('email')} />
          <Group justify="flex-end">
            <Button variant="default" type="button" onClick={close}>Cancel</Button>
            <Button type="submit" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? 'Sending...' : 'Send Reset Link'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
