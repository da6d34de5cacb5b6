import { useState } from 'react';
import { Stack } from '@mantine/core';
import type { PaymentListItem, PaymentProof } from '@parceldesk/shared/schemas/payments';
import { DataTable } from '../../../components/data-table/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { PAYMENT_PROOFS_ENDPOINT, PAYMENTS_ENDPOINT } from '../api/payments';
import { customerPaymentColumns, proofColumns } from './payment-columns';
import { PaymentDetailModal } from './payment-detail-modal';

/** /customer/payments: the customer's payments with their receipts, and the bank-transfer proofs they sent with each outcome. */
export function CustomerPaymentsPage() {
  const [paymentId, setPaymentId] = useState<string | null>(null);
  return (
    <Stack gap="lg">
      <PageHeader title="Payments" subtitle="Your payments and receipts" />
      <DataTable<PaymentListItem>
        endpoint={PAYMENTS_ENDPOINT}
        columns={customerPaymentColumns()}
        rowKey={(row) => row.id}
        onRowClick={(row) => setPaymentId(row.id)}
        title="Payments"
        searchPlaceholder="Search by receipt or invoice number"
      />
      <DataTable<PaymentProof>
        endpoint={PAYMENT_PROOFS_ENDPOINT}
        columns={proofColumns({ forStaff: false, showCourier: false })}
        rowKey={(row) => row.id}
        title="Bank transfer proofs"
        urlPrefix="proofs_"
        searchPlaceholder="Search by invoice or reference"
      />
      <PaymentDetailModal paymentId={paymentId} onClose={() => setPaymentId(null)} canVoid={false} />
    </Stack>
  );
}
