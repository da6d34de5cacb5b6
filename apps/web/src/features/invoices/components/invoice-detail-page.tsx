import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Button, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { ACCESS } from '@parceldesk/shared/access';
import type { InvoiceDetail } from '@parceldesk/shared/schemas/invoices';
import { RecordPaymentDialog } from '../../../components/billing/record-payment-dialog';
import { InvoiceProofs } from '../../../components/billing/invoice-proofs';
import { formatDate } from '../../../components/ui/format-date';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { useAreaRoot } from '../../../components/ui/use-area-root';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useCanAccess } from '../../../lib/use-access';
import { downloadInvoicePdf, useInvoice } from '../api/invoices';
import { AddChargeModal } from './add-charge-modal';
import { InvoiceSections } from './invoice-sections';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { NoInvoiceAccess, staffInvoiceHref } from './invoices-page';
import { VoidInvoiceModal } from './void-invoice-modal';

/** Saves the invoice PDF (fetched with the token). */
export function PdfButton({ invoice }: { invoice: Pick<InvoiceDetail, 'invoiceNumber' | 'courierId'> }) {
  const [isBusy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadInvoicePdf(invoice.invoiceNumber, invoice.courierId);
      notify.success('Invoice downloaded (PDF)');
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to download the invoice'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={isBusy} onClick={() => void download()}>
      Download PDF
    </Button>
  );
}

/** /admin|/staff|/superadmin/invoices/{invoiceNo}: lines, packages, payments, history; Add charge (invoices_manage) and Void (courier admin). */
export function InvoiceDetailPage() {
  const canAccess = useCanAccess();
  return canAccess(ACCESS.invoicesStaffView) ? <InvoiceScreen /> : <NoInvoiceAccess />;
}

function InvoiceScreen() {
  const canAccess = useCanAccess();
  const { invoiceNo = '' } = useParams();
  const [params] = useSearchParams();
  const courierId = params.get('courier');
  const root = useAreaRoot();
  const query = useInvoice(invoiceNo, courierId);
  const invoice = query.data;
  const [dialog, setDialog] = useState<'charge' | 'void' | 'pay' | null>(null);
  // Payments are taken in one courier's branch (payments_manage); the super admin only looks.
  const canPay = canAccess(ACCESS.paymentsManage) && root !== '/superadmin' && !!invoice && invoice.balanceCents > 0
    && (invoice.status === 'unpaid' || invoice.status === 'partially_paid');
  const href = (number: string) => staffInvoiceHref(root, number, invoice?.courierId ?? courierId);
  return (
    <Stack gap="lg">
      <PageHeader
        title={`Invoice ${invoiceNo.toUpperCase()}`}
        subtitle={invoice ? (
          <>
            <InvoiceStatusBadge status={invoice.status} />
            {` ${invoice.customerName} (${invoice.mailboxNumber}) · issued ${formatDate(invoice.issuedAt)}${invoice.issuedByName ? ` by ${invoice.issuedByName}` : ''}${root === '/superadmin' ? ` · ${invoice.courierName}` : ''}`}
          </>
        ) : undefined}
        back={{ to: `${root}/invoices`, label: 'All invoices' }}
        actions={invoice ? (
          <>
            <PdfButton invoice={invoice} />
            {canPay ? <Button color="green" onClick={() => setDialog('pay')}>Record payment</Button> : null}
            {invoice.canAddLine ? <Button onClick={() => setDialog('charge')}>Add charge</Button> : null}
            {invoice.canVoid ? <Button color="red" variant="light" onClick={() => setDialog('void')}>Void</Button> : null}
          </>
        ) : null}
      />
      <QueryState query={query} what="the invoice">
        {(loaded) => (
          <>
            <InvoiceSections invoice={loaded} invoiceHref={href} />
            <AddChargeModal invoice={loaded} opened={dialog === 'charge'} onClose={() => setDialog(null)} />
            <VoidInvoiceModal invoice={loaded} opened={dialog === 'void'} onClose={() => setDialog(null)} invoiceHref={href} />
            <InvoiceProofs invoiceId={loaded.id} />
            <RecordPaymentDialog
              opened={dialog === 'pay'}
              onClose={() => setDialog(null)}
              customer={{ id: loaded.customerId, name: loaded.customerName }}
              invoices={[{ id: loaded.id, invoiceNo: loaded.invoiceNumber, balanceCents: loaded.balanceCents }]}
              invoiceId={loaded.id}
            />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
