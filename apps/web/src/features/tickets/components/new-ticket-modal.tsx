import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { createTicketSchema, TICKET_MSG, type CreateTicketInput, type TicketDetail } from '@parceldesk/shared/schemas/tickets';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { submitWithFeedback } from '../../../lib/submit-with-feedback';
import { useCreateTicket, useDepartments } from '../api/tickets';
import { AttachmentsInput } from './attachments-input';

const FIELDS = ['subject', 'department', 'message'] as const;
const CREATE_FAILED = 'Failed to create the ticket';

interface NewTicketModalProps {
  opened: boolean;
  onClose: () => void;
  onCreated: (ticket: TicketDetail) => void;
}

export function NewTicketModal({ opened, onClose, onCreated }: NewTicketModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="New Ticket" centered size="lg">
      {opened ? <NewTicketForm onCancel={onClose} onCreated={onCreated} /> : null}
    </Modal>
  );
}

/** Subject, a department from the courier's list, the message and optional attachments (issue 5). */
export function NewTicketForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (ticket: TicketDetail) => void }) {
  const departments = useDepartments();
  const create = useCreateTicket();
  const [attachments, setAttachments] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const form = useForm<CreateTicketInput>({
    resolver: zodResolver(createTicketSchema),
    defaultValues: { subject: '', department: '', message: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (fileError) return;
    const ticket = await submitWithFeedback(form.setError, FIELDS, () => create.mutateAsync({ ...values, attachments }), {
      success: TICKET_MSG.created,
      failure: CREATE_FAILED,
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors.attachments) setFileError(error.fieldErrors.attachments);
      },
    });
    if (ticket) onCreated(ticket);
  });

  const options = (departments.data ?? []).map((name) => ({ value: name, label: name }));
  return (
    <form onSubmit={onSubmit} noValidate aria-label="New ticket">
      <Stack gap="sm">
        <TextInput label="Subject" required data-autofocus error={errors.subject?.message} {...form.register('subject')} />
        <NativeSelect
          label="Department"
          required
          data={[{ value: '', label: departments.isPending ? 'Loading departments…' : 'Choose a department' }, ...options]}
          error={errors.department?.message}
          {...form.register('department')}
        />
        {departments.isError ? (
          <Alert color="red" title="Could not load the departments">
            {errorMessage(departments.error, 'Please try again.')}
          </Alert>
        ) : null}
        <Textarea label="Message" required autosize minRows={4} maxRows={12} error={errors.message?.message} {...form.register('message')} />
        <AttachmentsInput value={attachments} onChange={setAttachments} error={fileError} onError={setFileError} disabled={isSubmitting} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Create Ticket
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
