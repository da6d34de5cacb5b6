import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Group, Stack, Tabs, TextInput } from '@mantine/core';
import { ACCESS } from '@parceldesk/shared/access';
import type { PaymentListItem, PaymentProof } from '@parceldesk/shared/schemas/payments';
import { DataTable } from '../../../components/data-table/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { useAreaRoot } from '../../../components/ui/use-area-root';
import { useCanAccess } from '../../../lib/use-access';
import { PAYMENT_PROOFS_ENDPOINT, PAYMENTS_ENDPOINT } from '../api/payments';
import { proofColumns, staffPaymentColumns } from './payment-columns';
import { PaymentDetailModal } from './payment-detail-modal';
import { ProofReviewModal } from './proof-review-modal';

/**
 * /superadmin|/admin|/staff/payments (issue 13): every payment of the courier (the network for the
 * super admin) with its receipt and, for courier admins, void; and the queue of customers'
 * bank-transfer proofs to verify or reject (?tab=proofs, where the reviewers' notifications lead).
 */
export function PaymentsPage() {
  const can = useCanAccess();
  if (!can(ACCESS.paymentsView)) {
    return <Alert color="yellow" title="Payments">You do not have permission to view payments.</Alert>;
  }
  return <Payments />;
}

function Payments() {
  const root = useAreaRoot();
  const can = useCanAccess();
  const isNetwork = root === '/superadmin';
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'proofs' ? 'proofs' : 'payments';
  const [paymentId, setPaymentId] = useState<string | null>(null);
  const [proof, setProof] = useState<PaymentProof | null>(null);
  // The date range (Jamaica days, either end open): GET /payments takes recordedAt as { from, to }.
  const [range, setRange] = useState<{ from: string; to: string }>({ from: '', to: '' });
  const fixedFilters = useMemo(() => ({ recordedAt: range }), [range]);
  const chooseTab = (value: string | null) => {
    const next = new URLSearchParams();
    if (value === 'proofs') next.set('tab', 'proofs');
    setParams(next, { replace: true });
  };
  return (
    <Stack gap="lg">
      <PageHeader title="Payments" subtitle={isNetwork ? 'Payments of every courier in the network' : 'Counter payments, receipts and bank-transfer proofs'} />
      <Tabs value={tab} onChange={chooseTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="payments">Payments</Tabs.Tab>
          <Tabs.Tab value="proofs">Bank transfer proofs</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="payments" pt="md">
          <Group component="fieldset" aria-label="Payment dates" gap="sm" align="flex-end" mb="sm" style={{ border: 0, padding: 0, margin: 0 }}>
            <TextInput
              type="date"
              label="Paid from"
              value={range.from}
              max={range.to || undefined}
              onChange={(event) => setRange((current) => ({ ...current, from: event.currentTarget.value }))}
            />
            <TextInput
              type="date"
              label="Paid to"
              value={range.to}
              min={range.from || undefined}
              onChange={(event) => setRange((current) => ({ ...current, to: event.currentTarget.value }))}
            />
            {range.from || range.to ? <Button variant="default" onClick={() => setRange({ from: '', to: '' })}>All dates</Button> : null}
          </Group>
          <DataTable<PaymentListItem>
            fixedFilters={fixedFilters}
            endpoint={PAYMENTS_ENDPOINT}
            columns={staffPaymentColumns(isNetwork)}
            rowKey={(row) => row.id}
            onRowClick={(row) => setPaymentId(row.id)}
            title="Payments"
            exportFileName="payments"
            searchPlaceholder="Search by receipt, reference, invoice or customer"
          />
        </Tabs.Panel>
        <Tabs.Panel value="proofs" pt="md">
          <DataTable<PaymentProof>
            endpoint={PAYMENT_PROOFS_ENDPOINT}
            columns={proofColumns({ forStaff: true, showCourier: isNetwork })}
            rowKey={(row) => row.id}
            onRowClick={setProof}
            title="Bank transfer proofs"
            urlPrefix="proofs_"
            exportFileName="bank-transfer-proofs"
            searchPlaceholder="Search by invoice, reference or customer"
          />
        </Tabs.Panel>
      </Tabs>
      <PaymentDetailModal paymentId={paymentId} onClose={() => setPaymentId(null)} canVoid={can(ACCESS.paymentsVoid)} />
      <ProofReviewModal proof={proof} onClose={() => setProof(null)} canReview={can(ACCESS.paymentsManage)} />
    </Stack>
  );
}
