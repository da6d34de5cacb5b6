import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '@parceldesk/shared/domain/billing';
import { centsFromText, PAYMENT_RULE_MSG, textFromCents } from '@parceldesk/shared/domain/payments';
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
 * transfer with its reference, for one invoice, several the clerk ticks (split in the order listed),
 * or the customer's invoices oldest first. Mounted by
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
const CHOOSE = 'choose';
const NONE_PICKED = 'Choose at least one invoice';

/** A payment split across the chosen invoices in the order listed, each up to its balance (the caller checked the total). */
function splitInOrder(amountCents: number, invoices: readonly PayableInvoice[]): { invoiceId: string; amountCents: number }[] {
  let remaining = amountCents;
  const allocations: { invoiceId: string; amountCents: number }[] = [];
  for (const invoice of invoices) {
    if (remaining <= 0) break;
    const part = Math.min(remaining, invoice.balanceCents);
    if (part > 0) allocations.push({ invoiceId: invoice.id, amountCents: part });
    remaining -= part;
  }
  return allocations;
}

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
  // "Choose invoices": the clerk ticks several of the customer's invoices; the amount settles them in the order listed.
  const [picked, setPicked] = useState<string[]>(() => invoices.map((invoice) => invoice.id));
  const pickedInvoices = invoices.filter((invoice) => picked.includes(invoice.id));
  const pickedOwed = pickedInvoices.reduce((sum, invoice) => sum + invoice.balanceCents, 0);
  const due = applyTo === 'oldest' ? owed : applyTo === CHOOSE ? pickedOwed : invoices.find((invoice) => invoice.id === applyTo)?.balanceCents ?? 0;
  const togglePicked = (id: string, on: boolean) => {
    const next = on ? invoices.filter((invoice) => invoice.id === id || picked.includes(invoice.id)).map((invoice) => invoice.id) : picked.filter((one) => one !== id);
    setPicked(next);
    form.setValue('amount', textFromCents(invoices.filter((invoice) => next.includes(invoice.id)).reduce((sum, invoice) => sum + invoice.balanceCents, 0)));
    form.clearErrors('amount');
  };

  const onSubmit = form.handleSubmit(async (values) => {
    const amountCents = centsFromText(values.amount) ?? 0;
    let allocations: { invoiceId: string; amountCents: number }[] | null = values.applyTo === 'oldest' ? null : [{ invoiceId: values.applyTo, amountCents }];
    if (values.applyTo === CHOOSE) {
      if (pickedInvoices.length === 0) {
        form.setError('applyTo', { message: NONE_PICKED });
        return;
      }
      if (amountCents > pickedOwed) {
        form.setError('amount', { message: PAYMENT_RULE_MSG.overpayTotal(amountCents, pickedOwed) });
        return;
      }
      allocations = splitInOrder(amountCents, pickedInvoices);
    }
    const payment = await submitWithFeedback(form.setError, FIELDS, () => recordPayment({
      customerId: customer.id, method: values.method, reference: values.reference || null, amountCents, allocations,
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
    ...(invoices.length > 1 ? [{ value: CHOOSE, label: 'Choose invoices…' }] : []),
    ...invoices.map((invoice) => ({ value: invoice.id, label: `${invoice.invoiceNo} (balance ${formatMoney(invoice.balanceCents)})` })),
  ];
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Record payment">
      <Stack gap="sm">
        <NativeSelect label="Apply to" data={applyOptions} error={applyTo === CHOOSE ? undefined : errors.applyTo?.message} {...form.register('applyTo')} />
        {applyTo === CHOOSE ? (
          <Checkbox.Group label="Invoices to settle" value={picked} error={picked.length === 0 ? NONE_PICKED : errors.applyTo?.message}>
            <Stack gap={6} mt={4}>
              {invoices.map((invoice) => (
                <Checkbox
                  key={invoice.id}
                  value={invoice.id}
                  label={`${invoice.invoiceNo} (balance ${formatMoney(invoice.balanceCents)})`}
                  onChange={(event) => togglePicked(invoice.id, event.currentTarget.checked)}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        ) : null}
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
