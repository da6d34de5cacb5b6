import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { z } from 'zod';
import { CARRIER_LABELS, CARRIERS } from '@parceldesk/shared/domain/packages';
import { PACKAGE_MSG, preAlertInputSchema, SERVICE_LABELS, SERVICES, type PreAlert, type PreAlertInput } from '@parceldesk/shared/schemas/packages';
import { FormActions } from '../../../components/ui/form-actions';
import { ApiError } from '../../../lib/api-client';
import { submitWithFeedback } from '../../../lib/submit-with-feedback';
import { useCreatePreAlert, useUpdatePreAlert } from '../api/packages';
import { DocumentInput } from './document-input';

type FormValues = z.input<typeof preAlertInputSchema>;
const FIELDS = ['trackingNumber', 'carrier', 'store', 'description', 'declaredValue', 'service'] as const;

const valuesOf = (preAlert: PreAlert | null): FormValues => ({
  trackingNumber: preAlert?.trackingNumber ?? '',
  carrier: preAlert?.carrier ?? '',
  store: preAlert?.store ?? '',
  description: preAlert?.description ?? '',
  declaredValue: preAlert ? String(preAlert.declaredValue) : '',
  service: preAlert?.service ?? 'air',
});

interface PreAlertModalProps {
  opened: boolean;
  /** null: a new pre-alert; else the one being edited. */
  preAlert: PreAlert | null;
  onClose: () => void;
}

export function PreAlertModal({ opened, preAlert, onClose }: PreAlertModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={preAlert ? `Edit pre-alert ${preAlert.trackingNumber}` : 'Add pre-alert'} centered size="lg">
      {opened ? <PreAlertForm key={preAlert?.id ?? 'new'} preAlert={preAlert} onDone={onClose} /> : null}
    </Modal>
  );
}

/** Tell us about a parcel before it reaches the warehouse (issue 11): its tracking number, what it is and its invoice. */
export function PreAlertForm({ preAlert, onDone }: { preAlert: PreAlert | null; onDone: () => void }) {
  const create = useCreatePreAlert();
  const update = useUpdatePreAlert(preAlert?.id ?? '');
  const [invoice, setInvoice] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, PreAlertInput>({ resolver: zodResolver(preAlertInputSchema), defaultValues: valuesOf(preAlert) });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (fileError) return;
    const submission = { fields: { ...values, carrier: values.carrier ?? null }, invoice };
    const saved = await submitWithFeedback(form.setError, FIELDS, () => (preAlert ? update : create).mutateAsync(submission), {
      success: preAlert ? PACKAGE_MSG.preAlertUpdated : PACKAGE_MSG.preAlertCreated,
      failure: preAlert ? 'Failed to update the pre-alert' : 'Failed to add the pre-alert',
    });
    if (saved) onDone();
  });

  // A file refused by the server (wrong content) lands under the file input.
  const serverFileError = [create.error, update.error].find((error) => error instanceof ApiError && error.fieldErrors.invoice);
  const shownFileError = fileError ?? (serverFileError instanceof ApiError ? serverFileError.fieldErrors.invoice ?? null : null);

  return (
    <form onSubmit={onSubmit} noValidate aria-label={preAlert ? 'Edit pre-alert' : 'Add pre-alert'}>
      <Stack gap="sm">
        <TextInput label="Tracking number" required autoComplete="off" data-autofocus error={errors.trackingNumber?.message} {...form.register('trackingNumber')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NativeSelect
            label="Carrier"
            data={[{ value: '', label: 'Work it out from the number' }, ...CARRIERS.map((c) => ({ value: c, label: CARRIER_LABELS[c] }))]}
            error={errors.carrier?.message}
            {...form.register('carrier')}
          />
          <NativeSelect
            label="Service"
            required
            data={SERVICES.map((s) => ({ value: s, label: SERVICE_LABELS[s] }))}
            error={errors.service?.message}
            {...form.register('service')}
          />
        </SimpleGrid>
        <TextInput label="Store" description="Where you bought it (e.g. Amazon, Shein)" required error={errors.store?.message} {...form.register('store')} />
        <TextInput label="Description" description="What is in the parcel" required error={errors.description?.message} {...form.register('description')} />
        <TextInput
          label="Declared value (US$)"
          required
          inputMode="decimal"
          type="number"
          step="0.01"
          min={0}
          error={errors.declaredValue?.message}
          {...form.register('declaredValue')}
        />
        <DocumentInput
          label="Supplier invoice"
          value={invoice}
          onChange={setInvoice}
          error={shownFileError}
          onError={setFileError}
          disabled={isSubmitting}
        />
        {preAlert?.invoice && !invoice ? (
          <Text size="sm" c="dimmed">
            {`Current invoice: ${preAlert.invoice.fileName}. Choose a file to replace it.`}
          </Text>
        ) : null}
        <FormActions submitLabel={preAlert ? 'Save pre-alert' : 'Add pre-alert'} submitting={isSubmitting} onCancel={onDone} />
      </Stack>
    </form>
  );
}
