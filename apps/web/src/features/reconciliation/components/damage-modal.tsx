import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, FileInput, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { reconciliationDamageInputSchema } from '@parceldesk/shared/schemas/reconciliation';
import { newIdempotencyKey } from '../../../components/scan/scan-queue';
import { submitWithFeedback } from '../../../lib/submit-with-feedback';
import { deviceId, markDamaged, type ScanAnswer } from '../api/reconciliation';

const formSchema = reconciliationDamageInputSchema.pick({ code: true, note: true });
type FormValues = z.input<typeof formSchema>;

interface DamageModalProps {
  manifestId: string;
  opened: boolean;
  /** The parcel last scanned, offered as the one to mark. */
  code: string;
  onClose: () => void;
  onDone: (answer: ScanAnswer) => void;
}

/** Mark damaged (issue 12): the parcel, what is wrong, and a photo from the phone's camera or a file (JPG or PNG). */
export function DamageModal({ manifestId, opened, code, onClose, onDone }: DamageModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Mark damaged">
      {opened ? <DamageForm manifestId={manifestId} code={code} onClose={onClose} onDone={onDone} /> : null}
    </Modal>
  );
}

function DamageForm({ manifestId, code, onClose, onDone }: Omit<DamageModalProps, 'opened'>) {
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({ resolver: zodResolver(formSchema), defaultValues: { code, note: '' } });
  const [photo, setPhoto] = useState<File | null>(null);
  const submit = form.handleSubmit(async (values) => {
    const answer = await submitWithFeedback(form.setError, ['code', 'note'], () => markDamaged(manifestId, {
      code: values.code, note: values.note, clientScanId: newIdempotencyKey(), deviceId: deviceId(), photo,
    }), { success: (result) => result.message, failure: 'The parcel could not be marked damaged' });
    if (answer) onDone(answer);
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <TextInput label="Package or tracking number" {...form.register('code')} error={form.formState.errors.code?.message} autoComplete="off" />
        <Textarea label="What is damaged" autosize minRows={2} {...form.register('note')} error={form.formState.errors.note?.message} />
        <FileInput
          label="Photo (optional)"
          placeholder="Take or choose a photo"
          accept="image/jpeg,image/png"
          capture="environment"
          clearable
          value={photo}
          onChange={setPhoto}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button type="submit" color="yellow" loading={form.formState.isSubmitting}>Mark damaged</Button>
        </Group>
      </Stack>
    </form>
  );
}
