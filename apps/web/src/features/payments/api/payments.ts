import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentDetail, PaymentProof } from '@parceldesk/shared/schemas/payments';
import { PAYMENT_PROOFS_ENDPOINT, PAYMENTS_ENDPOINT, refreshBilling } from '../../../components/billing/billing-api';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';

export { PAYMENT_PROOFS_ENDPOINT, PAYMENTS_ENDPOINT };

const paymentPath = (id: string) => `${PAYMENTS_ENDPOINT}/${encodeURIComponent(id)}`;

export const usePayment = (id: string | null) =>
  useQuery({
    queryKey: ['payments', 'detail', id],
    queryFn: ({ signal }) => api<PaymentDetail>(paymentPath(id ?? ''), { signal }),
    enabled: !!id,
  });

/** GET /payments/{id}/receipt, saved as receipt-RCT-000123.pdf. */
export const downloadReceipt = (payment: { id: string; paymentNo: string }) =>
  downloadFile(`${paymentPath(payment.id)}/receipt`, { fallbackName: `receipt-${payment.paymentNo}.pdf` });

export function useVoidPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => api<PaymentDetail>(`${paymentPath(id)}/void`, { method: 'POST', body: { reason } }),
    onSuccess: () => refreshBilling(client),
  });
}

export function useVerifyProof() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, amountCents }: { id: string; amountCents?: number }) =>
      api<PaymentProof>(`${PAYMENT_PROOFS_ENDPOINT}/${encodeURIComponent(id)}/verify`, { method: 'POST', body: amountCents ? { amountCents } : {} }),
    onSuccess: () => refreshBilling(client),
  });
}

export function useRejectProof() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api<PaymentProof>(`${PAYMENT_PROOFS_ENDPOINT}/${encodeURIComponent(id)}/reject`, { method: 'POST', body: { reason } }),
    onSuccess: () => refreshBilling(client),
  });
}

/** The proof file (a statement screenshot or PDF), fetched with the session's token. */
export const downloadProofFile = (proof: PaymentProof) =>
  downloadFile(proof.file.url.replace(/^\/api/, ''), { fallbackName: proof.file.fileName, fileName: proof.file.fileName });
