import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { INVOICE_STATUS_LABELS, PAYMENT_METHOD_LABELS, type InvoiceStatus } from '@parceldesk/shared/domain/billing';
import { formatMoney } from '@parceldesk/shared/domain/money';
import { PAYMENT_MSG, type PaymentDetail } from '@parceldesk/shared/schemas/payments';
import { DetailList } from '../../../components/ui/detail-list';
import { formatDateTime } from '../../../components/ui/format-date';
import { QueryState } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { downloadReceipt, usePayment, useVoidPayment } from '../api/payments';
import { PaymentStatusBadge } from './payment-columns';

interface PaymentDetailModalProps {
  paymentId: string | null;
  onClose: () => void;
  /** Courier admins void payments (issue 13); nobody else is offered it. */
  canVoid: boolean;
}

/** One payment: what, how, who and when; the invoices it paid with their balance now; its history; the receipt; void. */
export function PaymentDetailModal({ paymentId, onClose, canVoid }: PaymentDetailModalProps) {
  const query = usePayment(paymentId);
  return (
    <Modal opened={!!paymentId} onClose={onClose} title={query.data ? `Payment ${query.data.paymentNo}` : 'Payment'} size="lg" centered>
      <QueryState query={query} what="the payment">
        {(payment) => <PaymentBody payment={payment} canVoid={canVoid} />}
      </QueryState>
    </Modal>
  );
}

function PaymentBody({ payment, canVoid }: { payment: PaymentDetail; canVoid: boolean }) {
  const [isVoiding, setVoiding] = useState(false);
  const [isDownloading, setDownloading] = useState(false);
  const receipt = async () => {
    setDownloading(true);
    try {
      await downloadReceipt(payment);
    } catch (error) {
      notify.error(errorMessage(error, 'The receipt could not be downloaded'));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Stack gap="md">
      <DetailList items={[
        { label: 'Customer', value: `${payment.customer.name} (${payment.customer.mailboxNumber})` },
        { label: 'Amount', value: formatMoney(payment.amountCents) },
        { label: 'Method', value: `${PAYMENT_METHOD_LABELS[payment.method]}${payment.reference ? `, ref. ${payment.reference}` : ''}` },
        { label: 'Status', value: <PaymentStatusBadge status={payment.status} /> },
        { label: 'Received by', value: `${payment.recordedBy?.name ?? '—'}, ${formatDateTime(payment.recordedAt)}` },
        ...(payment.status === 'void' ? [{ label: 'Voided', value: `${payment.voidedBy?.name ?? ''}, ${formatDateTime(payment.voidedAt)}: ${payment.voidReason ?? ''}` }] : []),
      ]} />
      <Table.ScrollContainer minWidth={360}>
        <Table aria-label="Applied to invoices">
          <Table.Thead>
            <Table.Tr><Table.Th>Invoice</Table.Th><Table.Th ta="right">Paid</Table.Th><Table.Th ta="right">Balance now</Table.Th><Table.Th>Status</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payment.allocations.map((a) => (
              <Table.Tr key={a.invoiceId}>
                <Table.Td>{a.invoiceNo}</Table.Td>
                <Table.Td ta="right">{formatMoney(a.amountCents)}</Table.Td>
                <Table.Td ta="right">{formatMoney(a.invoiceBalanceCents)}</Table.Td>
                <Table.Td>{INVOICE_STATUS_LABELS[a.invoiceStatus as InvoiceStatus] ?? a.invoiceStatus}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap={4} aria-label="History">
        {payment.events.map((event) => (
          <Text key={event.id} size="sm" c="dimmed">{`${formatDateTime(event.createdAt)} · ${event.note ?? event.type}${event.actorName ? ` · ${event.actorName}` : ''}`}</Text>
        ))}
      </Stack>
      <Group justify="flex-end">
        {canVoid && payment.status === 'recorded' && !isVoiding ? <Button color="red" variant="light" onClick={() => setVoiding(true)}>Void payment</Button> : null}
        <Button onClick={() => void receipt()} loading={isDownloading}>Download receipt</Button>
      </Group>
      {isVoiding ? <VoidForm payment={payment} onDone={() => setVoiding(false)} /> : null}
    </Stack>
  );
}

function VoidForm({ payment, onDone }: { payment: PaymentDetail; onDone: () => void }) {
  const voidPayment = useVoidPayment();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!reason.trim()) {
      setError(PAYMENT_MSG.reasonRequired);
      return;
    }
    try {
      await voidPayment.mutateAsync({ id: payment.id, reason: reason.trim() });
      notify.success(PAYMENT_MSG.voided);
      onDone();
    } catch (failure) {
      setError(errorMessage(failure, 'The payment was not voided'));
    }
  };
  return (
    <Alert color="red" title={`Void ${payment.paymentNo}?`}>
      <Stack gap="xs">
        <Text size="sm">{`${formatMoney(payment.amountCents)} goes back on the balance of the invoices it paid.`}</Text>
        <Textarea label="Reason" required value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={error} autosize minRows={2} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={voidPayment.isPending}>Cancel</Button>
          <Button color="red" onClick={() => void submit()} loading={voidPayment.isPending}>Void payment</Button>
        </Group>
      </Stack>
    </Alert>
  );
}
