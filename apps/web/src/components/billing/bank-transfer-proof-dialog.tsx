import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FileInput, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { centsFromText, textFromCents } from '@parceldesk/shared/domain/payments';
import { formatMoney } from '@parceldesk/shared/domain/money';
import { PAYMENT_MSG, PAYMENT_PROOF_MAX_BYTES, paymentProofTextSchema, type PaymentProof, type PaymentProofText } from '@parceldesk/shared/schemas/payments';
import { ApiError } from '../../lib/api-client';
import { submitWithFeedback } from '../../lib/submit-with-feedback';
import { FormActions } from '../ui/form-actions';
import { refreshBilling, sendPaymentProof } from './billing-api';

interface BankTransferProofDialogProps {
  opened: boolean;
  onClose: () => void;
  invoiceNo: string;
  balanceCents: number;
  /** The courier's bank details, as the settings give them, to transfer to. */
  bankDetails?: string | null;
  onSent?: (proof: PaymentProof) => void;
}

/**
 * The customer's "Pay by bank transfer" (issue 13): the amount, the bank's reference and the proof
 * (PDF, JPG or PNG, checked by the server by content). Staff verify it and the payment is recorded.
 */
export function BankTransferProofDialog(props: BankTransferProofDialogProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={`Pay ${props.invoiceNo} by bank transfer`} centered>
      {props.opened ? <ProofFields {...props} /> : null}
    </Modal>
  );
}

const FIELDS = ['amount', 'reference'] as const;
const ACCEPT = 'application/pdf,image/png,image/jpeg';

function ProofFields({ onClose, invoiceNo, balanceCents, bankDetails, onSent }: BankTransferProofDialogProps) {
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const form = useForm<PaymentProofText>({ resolver: zodResolver(paymentProofTextSchema), defaultValues: { amount: textFromCents(balanceCents), reference: '' } });
  const { errors, isSubmitting } = form.formState;

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setFileError(chosen && chosen.size > PAYMENT_PROOF_MAX_BYTES ? PAYMENT_MSG.proofTooLarge : null);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (!file) {
      setFileError(PAYMENT_MSG.proofRequired);
      return;
    }
    if (fileError) return;
    const proof = await submitWithFeedback(form.setError, FIELDS, () => sendPaymentProof(invoiceNo, { amountCents: centsFromText(values.amount) ?? 0, reference: values.reference, proof: file }), {
      success: PAYMENT_MSG.proofSubmitted,
      failure: 'The proof was not sent',
      onError: (error, placed) => {
        if (!(error instanceof ApiError)) return;
        if (error.fieldErrors.proof) setFileError(error.fieldErrors.proof);
        else if (!placed && error.status < 500) form.setError('amount', { message: error.message });
      },
    });
    if (!proof) return;
    refreshBilling(client);
    onSent?.(proof);
    onClose();
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Pay by bank transfer">
      <Stack gap="sm">
        <Text size="sm">{`Balance due: ${formatMoney(balanceCents)}. Transfer it to the account below, then send us the bank's confirmation.`}</Text>
        {bankDetails ? <Text size="sm" style={{ whiteSpace: 'pre-line' }}>{bankDetails}</Text> : null}
        <TextInput label="Amount transferred (J$)" required inputMode="decimal" autoComplete="off" error={errors.amount?.message} {...form.register('amount')} />
        <TextInput label="Bank reference" required autoComplete="off" data-autofocus error={errors.reference?.message} {...form.register('reference')} />
        <FileInput label="Proof of transfer (PDF, JPG or PNG, up to 5MB)" required accept={ACCEPT} value={file} onChange={chooseFile} error={fileError} clearable />
        <FormActions submitLabel="Send proof" submitting={isSubmitting} onCancel={onClose} />
      </Stack>
    </form>
  );
}
