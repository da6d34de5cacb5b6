import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { centsFromText, textFromCents } from '@parceldesk/shared/domain/payments';
import { formatMoney } from '@parceldesk/shared/domain/money';
import { PAYMENT_MSG, type PaymentProof } from '@parceldesk/shared/schemas/payments';
import { ProofStatusBadge } from '../../../components/billing/invoice-proofs';
import { DetailList } from '../../../components/ui/detail-list';
import { formatDateTime } from '../../../components/ui/format-date';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { downloadProofFile, useRejectProof, useVerifyProof } from '../api/payments';

interface ProofReviewModalProps {
  proof: PaymentProof | null;
  onClose: () => void;
  /** Staff with payments_manage verify or reject; others only look. */
  canReview: boolean;
}

/**
 * A bank-transfer proof as staff check it against the bank statement: open the file, then verify
 * (records the payment, for the amount on the statement) or reject with the reason the customer sees.
 */
export function ProofReviewModal({ proof, onClose, canReview }: ProofReviewModalProps) {
  return (
    <Modal opened={!!proof} onClose={onClose} title={proof ? `Proof for ${proof.invoiceNo}` : 'Proof'} centered size="lg">
      {proof ? <ProofReview proof={proof} onClose={onClose} canReview={canReview && proof.status === 'pending'} /> : null}
    </Modal>
  );
}

function ProofReview({ proof, onClose, canReview }: { proof: PaymentProof; onClose: () => void; canReview: boolean }) {
  const verify = useVerifyProof();
  const reject = useRejectProof();
  const [amount, setAmount] = useState(textFromCents(proof.amountCents));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ amount?: string; reason?: string }>({});
  const busy = verify.isPending || reject.isPending;

  const onVerify = async () => {
    const amountCents = centsFromText(amount);
    if (!amountCents) {
      setError({ amount: PAYMENT_MSG.amountWhole });
      return;
    }
    try {
      const verified = await verify.mutateAsync({ id: proof.id, amountCents });
      notify.success(`${PAYMENT_MSG.proofVerified}: ${verified.paymentNo ?? ''}`);
      onClose();
    } catch (failure) {
      setError({ amount: errorMessage(failure, 'The proof was not verified') });
    }
  };
  const onReject = async () => {
    if (!reason.trim()) {
      setError({ reason: PAYMENT_MSG.reasonRequired });
      return;
    }
    try {
      await reject.mutateAsync({ id: proof.id, reason: reason.trim() });
      notify.success(PAYMENT_MSG.proofRejected);
      onClose();
    } catch (failure) {
      setError({ reason: errorMessage(failure, 'The proof was not rejected') });
    }
  };
  const openFile = async () => {
    try {
      await downloadProofFile(proof);
    } catch (failure) {
      notify.error(errorMessage(failure, 'The file could not be opened'));
    }
  };

  return (
    <Stack gap="md">
      <DetailList items={[
        { label: 'Customer', value: `${proof.customer.name} (${proof.customer.mailboxNumber})` },
        { label: 'Amount stated', value: formatMoney(proof.amountCents) },
        { label: 'Bank reference', value: proof.reference },
        { label: 'Sent', value: formatDateTime(proof.createdAt) },
        { label: 'Status', value: <ProofStatusBadge status={proof.status} /> },
        ...(proof.reason ? [{ label: 'Reason', value: proof.reason }] : []),
        ...(proof.paymentNo ? [{ label: 'Payment', value: proof.paymentNo }] : []),
      ]} />
      <Group>
        <Button variant="default" onClick={() => void openFile()}>{`Open ${proof.file.fileName}`}</Button>
      </Group>
      {canReview ? (
        <>
          <Stack gap="xs">
            <TextInput label="Amount received (J$)" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.currentTarget.value)} error={error.amount} />
            <Group justify="flex-end">
              <Button color="green" onClick={() => void onVerify()} loading={verify.isPending} disabled={busy}>Verify and record payment</Button>
            </Group>
          </Stack>
          <Stack gap="xs">
            <Textarea label="Reason for rejecting (the customer sees it)" value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={error.reason} autosize minRows={2} />
            <Group justify="flex-end">
              <Button color="red" variant="light" onClick={() => void onReject()} loading={reject.isPending} disabled={busy}>Reject proof</Button>
            </Group>
          </Stack>
        </>
      ) : (
        <Text size="sm" c="dimmed">{proof.status === 'pending' ? 'Waiting for a reviewer with the Record payments permission.' : 'Reviewed.'}</Text>
      )}
    </Stack>
  );
}
