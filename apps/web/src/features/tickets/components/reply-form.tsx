import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { TICKET_MSG, ticketReplySchema, type TicketReplyInput } from '@parceldesk/shared/schemas/tickets';
import { ApiError } from '../../../lib/api-client';
import { submitWithFeedback } from '../../../lib/submit-with-feedback';
import { useReplyToTicket } from '../api/tickets';
import { AttachmentsInput } from './attachments-input';

const SEND_FAILED = 'Failed to send the reply';

/** The reply box under a conversation: a message and optional attachments. */
export function ReplyForm({ ticketId }: { ticketId: string }) {
  const reply = useReplyToTicket(ticketId);
  const [attachments, setAttachments] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const form = useForm<TicketReplyInput>({ resolver: zodResolver(ticketReplySchema), defaultValues: { message: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ message }) => {
    if (fileError) return;
    const sent = await submitWithFeedback(form.setError, ['message'], () => reply.mutateAsync({ message, attachments }).then(() => true), {
      success: TICKET_MSG.replied,
      failure: SEND_FAILED,
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors.attachments) setFileError(error.fieldErrors.attachments);
      },
    });
    if (!sent) return;
    form.reset({ message: '' });
    setAttachments([]);
  });

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={onSubmit} noValidate aria-label="Reply to ticket">
      <Stack gap="sm">
        <Textarea
          label="Reply"
          placeholder="Write your reply"
          autosize
          minRows={3}
          maxRows={12}
          required
          error={errors.message?.message}
          {...form.register('message')}
        />
        <AttachmentsInput value={attachments} onChange={setAttachments} error={fileError} onError={setFileError} disabled={isSubmitting} />
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting} leftSection={<IconSend size={16} aria-hidden />}>
            Send Reply
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
