import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { z } from 'zod';
import { PACKAGE_MSG, packageClaimInputSchema, type PackageClaimInput } from '@parceldesk/shared/schemas/packages';
import { FormActions } from '../../../components/ui/form-actions';
import { ApiError } from '../../../lib/api-client';
import { submitWithFeedback } from '../../../lib/submit-with-feedback';
import { useSubmitClaim } from '../api/packages';
import { DocumentInput } from './document-input';

type FormValues = z.input<typeof packageClaimInputSchema>;

export function ClaimModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Claim an unknown package" centered size="lg">
      {opened ? <ClaimForm onDone={onClose} /> : null}
    </Modal>
  );
}

/**
 * A parcel that reached the warehouse without a usable mailbox number waits as unknown: the
 * customer claims it with its full tracking number and a proof of purchase (issue 11).
 */
export function ClaimForm({ onDone }: { onDone: () => void }) {
  const submit = useSubmitClaim();
  const [proof, setProof] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, PackageClaimInput>({ resolver: zodResolver(packageClaimInputSchema), defaultValues: { trackingNumber: '', note: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (!proof) {
      setFileError(PACKAGE_MSG.proofRequired);
      return;
    }
    if (fileError) return;
    const claim = await submitWithFeedback(form.setError, ['trackingNumber', 'note'], () => submit.mutateAsync({ trackingNumber: values.trackingNumber, note: values.note ?? '', proof }), {
      success: PACKAGE_MSG.claimSubmitted,
      failure: 'Failed to submit the claim',
    });
    if (claim) onDone();
  });

  const serverFileError = submit.error instanceof ApiError ? submit.error.fieldErrors.proof ?? null : null;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Claim an unknown package">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Enter the full tracking number from your order and upload your invoice or an order screenshot. We will check it and tell you either way.
        </Text>
        <TextInput label="Tracking number" required autoComplete="off" data-autofocus error={errors.trackingNumber?.message} {...form.register('trackingNumber')} />
        <DocumentInput label="Proof of purchase" value={proof} onChange={setProof} error={fileError ?? serverFileError} onError={setFileError} required disabled={isSubmitting} />
        <Textarea label="Note" description="Anything that helps us find it (optional)" autosize minRows={2} maxRows={6} error={errors.note?.message} {...form.register('note')} />
        <FormActions submitLabel="Submit claim" submitting={isSubmitting} onCancel={onDone} />
      </Stack>
    </form>
  );
}
