import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PROOF_STATUS_LABELS } from '@parceldesk/shared/domain/payments';
import { formatMoney } from '@parceldesk/shared/domain/money';
import type { ListResponse } from '@parceldesk/shared/schemas/list-query';
import type { PaymentProof } from '@parceldesk/shared/schemas/payments';
import { api } from '../../lib/api-client';
import { formatDateTime } from '../ui/format-date';
import { PAYMENT_PROOFS_ENDPOINT } from './billing-api';

export const PROOF_STATUS_COLORS: Record<PaymentProof['status'], string> = { pending: 'yellow', verified: 'green', rejected: 'red' };

export function ProofStatusBadge({ status }: { status: PaymentProof['status'] }) {
  return <Badge color={PROOF_STATUS_COLORS[status]} variant="light">{PROOF_STATUS_LABELS[status]}</Badge>;
}

/** The bank-transfer proofs sent for one invoice, newest first, each with its outcome and, if rejected, why. */
export function InvoiceProofs({ invoiceId }: { invoiceId: string }) {
  const query = useQuery({
    queryKey: ['payment-proofs', 'invoice', invoiceId],
    queryFn: ({ signal }) => api<ListResponse<PaymentProof>>(
      `${PAYMENT_PROOFS_ENDPOINT}?pageSize=25&sort=createdAt&order=desc&filters=${encodeURIComponent(JSON.stringify({ invoiceId }))}`, { signal },
    ),
  });
  const proofs = query.data?.data ?? [];
  if (proofs.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label="Bank transfer proofs">
      <Text fw={600}>Bank transfer proofs</Text>
      {proofs.map((proof) => (
        <Alert key={proof.id} color={PROOF_STATUS_COLORS[proof.status]} variant="light" title={
          <Group gap="xs">
            <ProofStatusBadge status={proof.status} />
            <Text size="sm">{`${formatMoney(proof.amountCents)}, ref. ${proof.reference}, sent ${formatDateTime(proof.createdAt)}`}</Text>
          </Group>
        }>
          {proof.status === 'rejected' ? <Text size="sm">{`Reason: ${proof.reason ?? ''}`}</Text> : null}
          {proof.status === 'verified' && proof.paymentNo ? <Text size="sm">{`Recorded as payment ${proof.paymentNo}`}</Text> : null}
          {proof.status === 'pending' ? <Text size="sm">We will check it and let you know.</Text> : null}
        </Alert>
      ))}
    </Stack>
  );
}
