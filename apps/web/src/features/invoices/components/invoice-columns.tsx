import { AGING_BUCKET_LABELS, agingBucketOf, INVOICE_STATUS_LABELS } from '@parceldesk/shared/domain/billing';
import { formatMoney } from '@parceldesk/shared/domain/money';
import type { InvoiceListItem, invoiceListColumns, myInvoiceListColumns } from '@parceldesk/shared/schemas/invoices';
import type { ListTableColumn, ListTableColumns } from '../../../components/data-table/data-table';
import { formatDate } from '../../../components/ui/format-date';
import { InvoiceStatusBadge } from './invoice-status-badge';

// Columns both lists have, typed by the customer's list (its keys are a subset of the staff list's, with the same sorting and filters).
type Shared<K extends keyof typeof myInvoiceListColumns> = ListTableColumn<InvoiceListItem, typeof myInvoiceListColumns, K>;

const money = (field: 'totalCents' | 'balanceCents', label: string): Shared<'totalCents' | 'balanceCents'> => ({
  field, label, sortable: true, render: (row) => formatMoney(row[field]), exportValue: (row) => row[field] / 100,
});
const status: Shared<'status'> = {
  field: 'status', label: 'Status', sortable: true, filterable: true,
  render: (row) => <InvoiceStatusBadge status={row.status} />, exportValue: (row) => INVOICE_STATUS_LABELS[row.status],
};
const issued: Shared<'issuedAt'> = {
  field: 'issuedAt', label: 'Issued (YYYY-MM-DD)', sortable: true, filterable: true, render: (row) => formatDate(row.issuedAt), exportValue: (row) => row.issuedAt,
};

/** Staff, admin and super admin list (issue 13): filters status, branch, issue date, aging; the super admin also sees the courier. */
export function invoiceColumns({ showCourier }: { showCourier: boolean }): ListTableColumns<InvoiceListItem, typeof invoiceListColumns> {
  return [
    { field: 'invoiceNumber', label: 'Invoice', sortable: true, filterable: true },
    { field: 'customerName', label: 'Customer', sortable: true, filterable: true },
    { field: 'mailboxNumber', label: 'Mailbox', sortable: true, filterable: true },
    ...(showCourier ? [{ field: 'courierName' as const, label: 'Courier', sortable: true, filterable: true }] : []),
    status,
    { field: 'branchName', label: 'Branch', sortable: true, filterable: true },
    money('totalCents', 'Total'),
    money('balanceCents', 'Balance'),
    issued,
    {
      field: 'aging', label: 'Age', filterable: true,
      render: (row) => `${row.ageDays} ${row.ageDays === 1 ? 'day' : 'days'}`, exportValue: (row) => AGING_BUCKET_LABELS[agingBucketOf(row.ageDays)],
    },
  ];
}

/** The customer's own list: no customer columns. */
export function customerInvoiceColumns(): ListTableColumns<InvoiceListItem, typeof myInvoiceListColumns> {
  return [
    { field: 'invoiceNumber', label: 'Invoice', sortable: true, filterable: true },
    status,
    money('totalCents', 'Total'),
    money('balanceCents', 'Amount due'),
    issued,
  ];
}
