import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { SETTINGS_MSG, testEmailSchema } from '@parceldesk/shared/schemas/settings';
import { errorMessage } from '../../../../lib/api-client';
import { notify } from '../../../../lib/toast';
import { useSendTestEmail } from '../../api/email-config';

interface TestEmailModalProps {
  opened: boolean;
  courierId: string;
  onClose: () => void;
}

/** Sends a real message through the saved SMTP settings and reports the server's answer. */
export function TestEmailModal({ opened, courierId, onClose }: TestEmailModalProps) {
  const send = useSendTestEmail(courierId);
  const form = useForm({ resolver: zodResolver(testEmailSchema), defaultValues: { test_email: '' } });
  const { errors, isSubmitting } = form.formState;

  // Spec section 4: the modal closes and clears on cancel.
  const close = () => {
    form.reset({ test_email: '' });
    onClose();
  };

  const onSubmit = form.handleSubmit(async ({ test_email }) => {
    try {
      const answer = await send.mutateAsync(test_email);
      // The toast lasts the default 5 seconds (spec section 9).
      notify.success(answer.message);
      close();
    } catch (error) {
      notify.error(errorMessage(error, SETTINGS_MSG.testEmailFailed));
    }
  });

  return (
    <Modal opened={opened} onClose={close} title="Send Test Email" centered>
      <form onSubmit={onSubmit} noValidate aria-label="Send test email">
        <Stack gap="md">
          <Text size="sm">We connect to your SMTP server with the saved settings and send a short message.</Text>
          <TextInput label="Test Email Address" type="email" autoComplete="email" data-autofocus error={errors.test_email?.message} {...form.register('test_email')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Sending...' : 'Send Test Email'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
