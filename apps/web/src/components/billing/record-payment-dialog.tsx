import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '@parceldesk/shared/domain/billing';
import { centsFromText, textFromCents } from '@parceldesk/shared/domain/payments';
import { formatMoney } from '@parceldesk/shared/domain/money';
import { PAYMENT_MSG, recordPaymentFormSchema, type PaymentDetail, type RecordPaymentForm } from '@parceldesk/shared/schemas/payments';
import { ApiError } from '../../lib/api-client';
import { submitWithFeedback } from '../../lib/submit-with-feedback';
import { FormActions } from '../ui/form-actions';
import { recordPayment, refreshBilling } from './billing-api';

export interface PayableInvoice {
  id: string;
  invoiceNo: string;
  balanceCents: number;
}

interface RecordPaymentDialogProps {
  opened: boolean;
  onClose: () => void;
  customer: { id: string; name: string };
  /** The customer's open invoices the payment may settle. */
  invoices: readonly PayableInvoice[];
  /** Opened from one invoice: the payment goes to it (the clerk may switch to oldest first). */
  invoiceId?: string;
  onRecorded?: (payment: PaymentDetail) => void;
}

/**
 * "Record payment" at the counter (issue 13): cash, card with the terminal reference, or bank
 * transfer with its reference, for one invoice or the customer's invoices oldest first. Mounted by
 * the invoice detail and the pickup counter; the server refuses overpaying with the invoice's
 * balance in its message.
 */
export function RecordPaymentDialog(props: RecordPaymentDialogProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={`Record payment: ${props.customer.name}`} centered>
      {props.opened ? <RecordPaymentFields {...props} /> : null}
    </Modal>
  );
}

const FIELDS = ['method', 'reference', 'amount', 'applyTo'] as const;

function RecordPaymentFields({ onClose, customer, invoices, invoiceId, onRecorded }: RecordPaymentDialogProps) {
  const client = useQueryClient();
  // One key per opened dialog: a double click or a retry after a dropped answer records once.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const owed = invoices.reduce((sum, invoice) => sum + invoice.balanceCents, 0);
  const chosen = invoices.find((invoice) => invoice.id === invoiceId);
  const form = useForm<RecordPaymentForm>({
    resolver: zodResolver(recordPaymentFormSchema),
    defaultValues: { method: 'cash', reference: '', amount: textFromCents(chosen?.balanceCents ?? owed), applyTo: chosen?.id ?? 'oldest' },
  });
  const { errors, isSubmitting } = form.formState;
  const method = form.watch('method');
  const applyTo = form.watch('applyTo');
  const due = applyTo === 'oldest' ? owed : invoices.find((invoice) => invoice.id === applyTo)?.balanceCents ?? 0;

  const onSubmit = form.handleSubmit(async (values) => {
    const amountCents = centsFromText(values.amount) ?? 0;
    const payment = await submitWithFeedback(form.setError, FIELDS, () => recordPayment({
      customerId: customer.id, method: values.method, reference: values.reference || null, amountCents,
      allocations: values.applyTo === 'oldest' ? null : [{ invoiceId: values.applyTo, amountCents }],
    }, idempotencyKey), {
      success: (p) => `${PAYMENT_MSG.recorded}: ${p.paymentNo}, ${formatMoney(p.amountCents)}`,
      failure: 'The payment was not recorded',
      // The server's amount messages (overpaying, nothing owed) name amountCents or an allocation: shown under Amount.
      onError: (error, placed) => {
        if (!placed && error instanceof ApiError && error.status < 500) form.setError('amount', { message: error.message });
      },
    });
    if (!payment) return;
    refreshBilling(client);
    onRecorded?.(payment);
    onClose();
  });

  const applyOptions = [
    { value: 'oldest', label: `Oldest invoices first (${formatMoney(owed)} owed)` },
    ...invoices.map((invoice) => ({ value: invoice.id, label: `${invoice.invoiceNo} (balance ${formatMoney(invoice.balanceCents)})` })),
  ];
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Record payment">
      <Stack gap="sm">
        <NativeSelect label="Apply to" data={applyOptions} error={errors.applyTo?.message} {...form.register('applyTo')} />
        <NativeSelect
          label="Method"
          data={PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))}
          error={errors.method?.message}
          {...form.register('method')}
        />
        {method !== 'cash' ? (
          <TextInput
            label={method === 'card' ? 'Terminal reference' : 'Transfer reference'}
            required
            autoComplete="off"
            error={errors.reference?.message}
            {...form.register('reference')}
          />
        ) : null}
        <TextInput label="Amount (J$)" required inputMode="decimal" autoComplete="off" data-autofocus error={errors.amount?.message} {...form.register('amount')} />
        <Text size="sm" c="dimmed">{`Due: ${formatMoney(due)}`}</Text>
        <FormActions submitLabel="Record payment" submitting={isSubmitting} onCancel={onClose} />
      </Stack>
    </form>
  );
}
