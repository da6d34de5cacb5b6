import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { formatMoney } from '@parceldesk/shared/domain/money';
import type { InvoiceListItem } from '@parceldesk/shared/schemas/invoices';
import { BankTransferProofDialog } from '../../../components/billing/bank-transfer-proof-dialog';
import { InvoiceProofs } from '../../../components/billing/invoice-proofs';
import { DataTable } from '../../../components/data-table/data-table';
import { formatDate } from '../../../components/ui/format-date';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { INVOICES_ENDPOINT, invoiceSummaryQuery, useInvoice } from '../api/invoices';
import { customerInvoiceColumns } from './invoice-columns';
import { PdfButton } from './invoice-detail-page';
import { InvoiceSections } from './invoice-sections';
import { InvoiceStatusBadge } from './invoice-status-badge';

const customerHref = (invoiceNo: string) => `/customer/invoices/${encodeURIComponent(invoiceNo)}`;

/** What the customer owes now (their invoices page and dashboard). */
export function AmountDueCard() {
  const summary = useQuery(invoiceSummaryQuery);
  if (!summary.data) return null;
  const { amountDueCents, openInvoices } = summary.data;
  return (
    <Card withBorder padding="md" aria-label="Amount due">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={0}>
          <Text size="sm" c="dimmed">Amount due</Text>
          <Text size="xl" fw={700} data-testid="customer-amount-due">{formatMoney(amountDueCents)}</Text>
        </Stack>
        <Text size="sm" c="dimmed">{openInvoices === 0 ? 'Nothing to pay' : `${openInvoices} open ${openInvoices === 1 ? 'invoice' : 'invoices'}`}</Text>
      </Group>
    </Card>
  );
}

/** /customer/invoices: the customer's own invoices and what they owe. */
export function CustomerInvoicesPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Invoices" subtitle="Pay at the counter when you collect, or by bank transfer" />
      <AmountDueCard />
      <DataTable<InvoiceListItem>
        endpoint={INVOICES_ENDPOINT}
        columns={customerInvoiceColumns()}
        rowKey={(row) => row.id}
        rowHref={(row) => customerHref(row.invoiceNumber)}
        title="My invoices"
        searchPlaceholder="Search by invoice number"
      />
    </Stack>
  );
}

/** /customer/invoices/{invoiceNo}: the invoice, its history and the PDF. */
export function CustomerInvoicePage() {
  const { invoiceNo = '' } = useParams();
  const query = useInvoice(invoiceNo);
  const invoice = query.data;
  const [isPaying, setPaying] = useState(false);
  const canPay = !!invoice && invoice.balanceCents > 0 && (invoice.status === 'unpaid' || invoice.status === 'partially_paid');
  return (
    <Stack gap="lg">
      <PageHeader
        title={`Invoice ${invoiceNo.toUpperCase()}`}
        subtitle={invoice ? <><InvoiceStatusBadge status={invoice.status} />{` Issued ${formatDate(invoice.issuedAt)}`}</> : undefined}
        back={{ to: '/customer/invoices', label: 'My invoices' }}
        actions={invoice ? (
          <>
            <PdfButton invoice={invoice} />
            {canPay ? <Button onClick={() => setPaying(true)}>Pay by bank transfer</Button> : null}
          </>
        ) : null}
      />
      <QueryState query={query} what="the invoice">
        {(loaded) => (
          <>
            <InvoiceProofs invoiceId={loaded.id} />
            <InvoiceSections invoice={loaded} invoiceHref={customerHref} />
            <BankTransferProofDialog
              opened={isPaying}
              onClose={() => setPaying(false)}
              invoiceNo={loaded.invoiceNumber}
              balanceCents={loaded.balanceCents}
              bankDetails={loaded.bankDetails.join('\n')}
            />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
