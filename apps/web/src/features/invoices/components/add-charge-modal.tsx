import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import type { z } from 'zod';
import { ADDED_LINE_CODES, ADDED_LINE_LABELS, addInvoiceLineFormSchema, type AddInvoiceLineInput, type InvoiceDetail } from '@parceldesk/shared/schemas/invoices';
import { FormActions } from '../../../components/ui/form-actions';
import { submitWithFeedback } from '../../../lib/submit-with-feedback';
import { useAddInvoiceLine } from '../api/invoices';

type FormValues = z.input<typeof addInvoiceLineFormSchema>;
const FIELDS = ['code', 'description', 'amount'] as const;

/** "Add charge" (invoices_manage): assessed duty, storage or another charge on an unpaid invoice; the customer sees it. */
export function AddChargeModal({ invoice, opened, onClose }: { invoice: InvoiceDetail; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Add a charge to ${invoice.invoiceNumber}`} centered>
      {opened ? <AddChargeForm invoice={invoice} onDone={onClose} /> : null}
    </Modal>
  );
}

function AddChargeForm({ invoice, onDone }: { invoice: InvoiceDetail; onDone: () => void }) {
  const add = useAddInvoiceLine(invoice.invoiceNumber, invoice.courierId);
  const form = useForm<FormValues, unknown, AddInvoiceLineInput>({
    resolver: zodResolver(addInvoiceLineFormSchema), defaultValues: { code: 'customs_duty', description: '', amount: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await submitWithFeedback(form.setError, FIELDS, () => add.mutateAsync(values), {
      success: 'Charge added to the invoice', failure: 'Failed to add the charge',
    });
    if (saved) onDone();
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add charge">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">The customer is told, and the charge shows in the invoice&apos;s history.</Text>
        <NativeSelect label="Kind of charge" data={ADDED_LINE_CODES.map((code) => ({ value: code, label: ADDED_LINE_LABELS[code] }))} error={errors.code?.message} {...form.register('code')} />
        <TextInput label="Description" required placeholder="Duty assessed by customs" error={errors.description?.message} {...form.register('description')} />
        <TextInput label="Amount (J$)" required inputMode="decimal" placeholder="1,500.00" error={errors.amount?.message} {...form.register('amount')} />
        <FormActions submitLabel="Add charge" submitting={isSubmitting} onCancel={onDone} />
      </Stack>
    </form>
  );
}
