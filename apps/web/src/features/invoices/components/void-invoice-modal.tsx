import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { voidInvoiceSchema, type InvoiceDetail, type VoidInvoiceInput } from '@parceldesk/shared/schemas/invoices';
import { FormActions } from '../../../components/ui/form-actions';
import { submitWithFeedback } from '../../../lib/submit-with-feedback';
import { useVoidInvoice } from '../api/invoices';

/** "Void" (courier admin): a reason, then the packages are invoiced again at today's settings on a replacement. */
export function VoidInvoiceModal({ invoice, opened, onClose, invoiceHref }: {
  invoice: InvoiceDetail; opened: boolean; onClose: () => void; invoiceHref: (invoiceNo: string) => string;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Void ${invoice.invoiceNumber}`} centered>
      {opened ? <VoidForm invoice={invoice} onDone={onClose} invoiceHref={invoiceHref} /> : null}
    </Modal>
  );
}

function VoidForm({ invoice, onDone, invoiceHref }: { invoice: InvoiceDetail; onDone: () => void; invoiceHref: (invoiceNo: string) => string }) {
  const navigate = useNavigate();
  const voiding = useVoidInvoice(invoice.invoiceNumber, invoice.courierId);
  const form = useForm<VoidInvoiceInput>({ resolver: zodResolver(voidInvoiceSchema), defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    const done = await submitWithFeedback(form.setError, ['reason'], () => voiding.mutateAsync(values), {
      success: (answer) => answer.message, failure: 'Failed to void the invoice',
    });
    if (done) {
      onDone();
      void navigate(invoiceHref(done.replacementInvoiceNumber));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Void invoice">
      <Stack gap="sm">
        <Text size="sm">
          The invoice stays on record as void. Its packages are invoiced again on a replacement, priced from today&apos;s settings;
          charges added after issue are not copied. The customer is told.
        </Text>
        <Textarea label="Reason" required autosize minRows={2} error={errors.reason?.message} {...form.register('reason')} />
        <FormActions submitLabel="Void and replace" submitting={isSubmitting} onCancel={onDone} />
      </Stack>
    </form>
  );
}
