import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, Stack, TextInput } from '@mantine/core';
import { FormActions } from '../../../../components/ui/form-actions';
import type { z } from 'zod';
import { processingFeeSchema, SETTINGS_MSG, type ProcessingFeeInput } from '@parceldesk/shared/schemas/settings';
import { ApiError } from '../../../../lib/api-client';
import { submitWithFeedback } from '../../../../lib/submit-with-feedback';
import { useSaveProcessingFee, type ProcessingFee } from '../../api/processing-fees';
import { FormNumberInput } from '../form-number-input';

const FIELDS = ['weightRange', 'fee'] as const;
const SAVE_FAILED = 'Failed to save processing fee';

interface ProcessingFeeModalProps {
  opened: boolean;
  fee: ProcessingFee | null;
  onClose: () => void;
}

export function ProcessingFeeModal({ opened, fee, onClose }: ProcessingFeeModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={fee ? 'Edit Processing Fee' : 'Create Processing Fee'} centered>
      {opened ? <ProcessingFeeForm key={fee?.id ?? 'new'} fee={fee} onDone={onClose} /> : null}
    </Modal>
  );
}

export function ProcessingFeeForm({ fee, onDone }: { fee: ProcessingFee | null; onDone: () => void }) {
  const save = useSaveProcessingFee();
  const form = useForm<z.input<typeof processingFeeSchema>, unknown, ProcessingFeeInput>({
    resolver: zodResolver(processingFeeSchema),
    defaultValues: { weightRange: fee?.weightRange ?? '', fee: fee?.fee },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await submitWithFeedback(form.setError, FIELDS, () => save.mutateAsync({ id: fee?.id ?? null, values }).then(() => true), {
      success: fee ? SETTINGS_MSG.processingFeeUpdated : SETTINGS_MSG.processingFeeCreated,
      failure: SAVE_FAILED,
      onError: (error, placed) => {
        // An overlap (409) names the range it overlaps; it belongs on the range field.
        if (!placed && error instanceof ApiError && error.status === 409) {
          form.setError('weightRange', { type: 'server', message: error.message });
        }
      },
    });
    if (saved) onDone();
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={fee ? 'Edit processing fee' : 'Create processing fee'}>
      <Stack gap="sm">
        <TextInput
          label="Weight Range"
          placeholder="1lb to 10lbs"
          description="Two weights joined by 'to'"
          required
          data-autofocus
          error={errors.weightRange?.message}
          {...form.register('weightRange')}
        />
        <FormNumberInput control={form.control} name="fee" label="Fee" placeholder="250.00" required min={0} step={0.01} decimalScale={2} allowNegative={false} />
        <FormActions submitLabel={fee ? 'Update Fee' : 'Create Fee'} onCancel={onDone} submitting={isSubmitting} />
      </Stack>
    </form>
  );
}
