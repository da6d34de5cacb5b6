import { Badge } from '@mantine/core';
import { PAYMENT_METHOD_LABELS } from '@parceldesk/shared/domain/billing';
import { PAYMENT_STATUS_LABELS } from '@parceldesk/shared/domain/payments';
import { formatMoney } from '@parceldesk/shared/domain/money';
import type { PaymentListItem, paymentListColumns, PaymentProof, paymentProofListColumns } from '@parceldesk/shared/schemas/payments';
import { ProofStatusBadge } from '../../../components/billing/invoice-proofs';
import type { ListTableColumn, ListTableColumns } from '../../../components/data-table/data-table';
import { formatDateTime } from '../../../components/ui/format-date';

export function PaymentStatusBadge({ status }: { status: PaymentListItem['status'] }) {
  return <Badge color={status === 'void' ? 'red' : 'green'} variant="light">{PAYMENT_STATUS_LABELS[status]}</Badge>;
}

type PaymentColumn<K extends keyof typeof paymentListColumns> = ListTableColumn<PaymentListItem, typeof paymentListColumns, K>;

const amount: PaymentColumn<'amountCents'> = {
  field: 'amountCents', label: 'Amount', sortable: true, filterable: true, render: (row) => formatMoney(row.amountCents), exportValue: (row) => row.amountCents / 100,
};
const method: PaymentColumn<'method'> = {
  field: 'method', label: 'Method', sortable: true, filterable: true, render: (row) => PAYMENT_METHOD_LABELS[row.method], exportValue: (row) => PAYMENT_METHOD_LABELS[row.method],
};
const status: PaymentColumn<'status'> = {
  field: 'status', label: 'Status', sortable: true, filterable: true, render: (row) => <PaymentStatusBadge status={row.status} />, exportValue: (row) => row.status,
};
/** `recordedAt` filters as text on 'YYYY-MM-DD HH:MM' (Jamaica time): typing a date finds that day. */
const recordedAt: PaymentColumn<'recordedAt'> = {
  field: 'recordedAt', label: 'Date (YYYY-MM-DD)', sortable: true, filterable: true, render: (row) => formatDateTime(row.recordedAt), exportValue: (row) => row.recordedAt,
};

/** Staff-side payments: who paid, how, how much, for which invoices, who took it; the super admin also sees the courier. */
export function staffPaymentColumns(showCourier: boolean): ListTableColumns<PaymentListItem, typeof paymentListColumns> {
  return [
    { field: 'paymentNo', label: 'Receipt No', sortable: true, filterable: true },
    { field: 'customerName', label: 'Customer', sortable: true, filterable: true },
    { field: 'mailboxNumber', label: 'Mailbox', sortable: true, filterable: true },
    ...(showCourier ? [{ field: 'courierName' as const, label: 'Courier', sortable: true, filterable: true }] : []),
    amount,
    method,
    { field: 'reference', label: 'Reference', sortable: true, filterable: true, render: (row) => row.reference ?? '—' },
    { field: 'invoiceNos', label: 'Invoices', filterable: true, wrap: true },
    { field: 'recordedByName', label: 'Received by', sortable: true, filterable: true, render: (row) => row.recordedByName ?? '—' },
    status,
    recordedAt,
  ];
}

export function customerPaymentColumns(): ListTableColumns<PaymentListItem, typeof paymentListColumns> {
  return [
    { field: 'paymentNo', label: 'Receipt No', sortable: true, filterable: true },
    amount,
    method,
    { field: 'invoiceNos', label: 'Invoices', filterable: true, wrap: true },
    status,
    recordedAt,
  ];
}

export function proofColumns(options: { forStaff: boolean; showCourier: boolean }): ListTableColumns<PaymentProof, typeof paymentProofListColumns, 'reason'> {
  return [
    { field: 'invoiceNo', label: 'Invoice', sortable: true, filterable: true },
    ...(options.forStaff ? [
      { field: 'customerName' as const, label: 'Customer', sortable: true, filterable: true, render: (row: PaymentProof) => row.customer.name, exportValue: (row: PaymentProof) => row.customer.name },
      { field: 'mailboxNumber' as const, label: 'Mailbox', sortable: true, filterable: true, render: (row: PaymentProof) => row.customer.mailboxNumber, exportValue: (row: PaymentProof) => row.customer.mailboxNumber },
    ] : []),
    ...(options.showCourier ? [{ field: 'courierName' as const, label: 'Courier', sortable: true, filterable: true }] : []),
    { field: 'amountCents', label: 'Amount', sortable: true, filterable: true, render: (row) => formatMoney(row.amountCents), exportValue: (row) => row.amountCents / 100 },
    { field: 'reference', label: 'Reference', sortable: true, filterable: true },
    { field: 'status', label: 'Status', sortable: true, filterable: true, render: (row) => <ProofStatusBadge status={row.status} />, exportValue: (row) => row.status },
    { field: 'reason', label: 'Reason', wrap: true, render: (row) => row.reason ?? '' },
    { field: 'createdAt', label: 'Sent (YYYY-MM-DD)', sortable: true, filterable: true, render: (row) => formatDateTime(row.createdAt), exportValue: (row) => row.createdAt },
  ];
}
