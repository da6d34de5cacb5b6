import type { QueryClient } from '@tanstack/react-query';
import type { PaymentDetail, PaymentProof, RecordPaymentInput } from '@parceldesk/shared/schemas/payments';
import { api } from '../../lib/api-client';

/**
 * Payment calls that screens of several features make (the invoice detail, the counter, the
 * payments pages): recording a payment and sending a bank-transfer proof. Lists and their caches
 * are refreshed by key prefix so every open screen shows the new balance.
 */
export const PAYMENTS_ENDPOINT = '/payments';
export const PAYMENT_PROOFS_ENDPOINT = '/payment-proofs';

export function recordPayment(input: RecordPaymentInput, idempotencyKey: string): Promise<PaymentDetail> {
  return api<PaymentDetail>(PAYMENTS_ENDPOINT, { method: 'POST', body: input, headers: { 'idempotency-key': idempotencyKey } });
}

export function sendPaymentProof(invoiceNo: string, input: { amountCents: number; reference: string; proof: File }): Promise<PaymentProof> {
  const form = new FormData();
  form.append('amountCents', String(input.amountCents));
  form.append('reference', input.reference);
  form.append('proof', input.proof, input.proof.name);
  return api<PaymentProof>(`/invoices/${encodeURIComponent(invoiceNo)}/proof`, { method: 'POST', body: form });
}

/** Whatever shows balances, payments or proofs is read afresh after a payment changes them. */
export function refreshBilling(client: QueryClient) {
  for (const prefix of ['invoices', 'payments', 'payment-proofs', 'data-table']) void client.invalidateQueries({ queryKey: [prefix] });
}
