import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Group, NativeSelect, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { z } from 'zod';
import { MEMBERSHIP_LABELS, MEMBERSHIP_TYPES } from '@parceldesk/shared/constants';
import { BATCH_PLACEHOLDERS } from '@parceldesk/shared/domain/batch-email-template';
import { AUDIENCE_KINDS, AUDIENCE_LABELS, BATCH_EMAIL_MSG, composeBatchSchema, type Audience, type BatchPreview, type ComposeBatch } from '@parceldesk/shared/schemas/batch-emails';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { submitWithFeedback } from '../../../lib/submit-with-feedback';
import { notify } from '../../../lib/toast';
import { errorMessage } from '../../../lib/api-client';
import { useAudienceCount, useBranchChoices, useCustomerChoices, usePreviewBatch, useSendBatch, useSendTestBatch } from '../api/batch-emails';

type FormValues = z.input<typeof composeBatchSchema>;
type AudienceFields = { kind: Audience['kind']; branchId?: string; membershipType?: string; accountType?: string };
const FIELDS = ['subject', 'body', 'audience'] as const;

/** The audience as the API takes it, or null while a choice it needs is missing. */
export function audienceOf(fields: AudienceFields): Audience | null {
  switch (fields.kind) {
    case 'branch': return fields.branchId ? { kind: 'branch', branchId: fields.branchId } : null;
    case 'membership': return fields.membershipType ? { kind: 'membership', membershipType: fields.membershipType } : null;
    case 'account_type': return fields.accountType === 'individual' || fields.accountType === 'business' ? { kind: 'account_type', accountType: fields.accountType } : null;
    default: return { kind: fields.kind };
  }
}

const people = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'customer' : 'customers'}`;
const newKey = () => (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`).replace(/[^A-Za-z0-9_-]/g, '');

/** Compose, choose the audience, preview as a customer, test to yourself, send (issue 14). */
export function ComposeBatchForm({ onSent }: { onSent: (batchId: string) => void }) {
  const form = useForm<FormValues, unknown, ComposeBatch>({
    resolver: zodResolver(composeBatchSchema),
    defaultValues: { subject: '', body: '', audience: { kind: 'all' } },
  });
  const { errors, isSubmitting } = form.formState;
  const audienceFields = useWatch({ control: form.control, name: 'audience' }) as AudienceFields;
  const audience = useMemo(() => audienceOf(audienceFields), [audienceFields]);
  const count = useAudienceCount(audience);
  const branches = useBranchChoices(audienceFields.kind === 'branch');
  const [customerSearch, setCustomerSearch] = useState('');
  const customers = useCustomerChoices(customerSearch);
  const [customerId, setCustomerId] = useState<string | null>(null);
  const [preview, setPreview] = useState<BatchPreview | null>(null);
  const [confirming, setConfirming] = useState<ComposeBatch | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(newKey);
  const previewBatch = usePreviewBatch();
  const sendTest = useSendTestBatch();
  const send = useSendBatch();
  const audienceErrors = errors.audience as Partial<Record<keyof AudienceFields, { message?: string }>> | undefined;

  const onPreview = form.handleSubmit(async (values) => {
    if (!customerId) {
      notify.error(BATCH_EMAIL_MSG.customerRequired);
      return;
    }
    const answer = await submitWithFeedback(form.setError, FIELDS, () => previewBatch.mutateAsync({ ...values, customerId }), {
      success: 'Preview ready', failure: 'Could not preview the email',
    });
    if (answer) setPreview(answer);
  });
  const onTest = form.handleSubmit((values) => submitWithFeedback(form.setError, FIELDS, () => sendTest.mutateAsync({ ...values, ...(customerId ? { customerId } : {}) }), {
    success: (answer) => `${answer.message} (${answer.to})`, failure: 'Could not send the test email',
  }));
  const onSend = form.handleSubmit((values) => setConfirming(values));
  const confirmSend = async () => {
    if (!confirming) return;
    try {
      const answer = await send.mutateAsync({ compose: confirming, idempotencyKey });
      notify.success(`${answer.message}: ${people(answer.batch.counts.total)}`);
      setConfirming(null);
      setIdempotencyKey(newKey());
      setPreview(null);
      form.reset();
      onSent(answer.batch.id);
    } catch (error) {
      setConfirming(null);
      notify.error(errorMessage(error, 'Could not send the batch'));
    }
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="compose-heading">
      <Title order={2} size="h4" mb="md" id="compose-heading">New batch email</Title>
      <form onSubmit={(event) => void onSend(event)} noValidate aria-label="Compose batch email">
        <Stack gap="sm">
          <TextInput label="Subject" required error={errors.subject?.message} {...form.register('subject')} />
          <Textarea label="Message" required autosize minRows={6} error={errors.body?.message} {...form.register('body')}
            description={`Placeholders: ${BATCH_PLACEHOLDERS.map((name) => `{{${name}}}`).join(', ')}. An unsubscribe link is added at the end.`} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NativeSelect label="Send to" data={AUDIENCE_KINDS.map((kind) => ({ value: kind, label: AUDIENCE_LABELS[kind] }))} {...form.register('audience.kind')} />
            {audienceFields.kind === 'branch' && (
              <NativeSelect label="Branch" required error={audienceErrors?.branchId?.message}
                data={[{ value: '', label: branches.isPending ? 'Loading branches…' : 'Choose a branch' }, ...(branches.data ?? [])]} {...form.register('audience.branchId')} />
            )}
            {audienceFields.kind === 'membership' && (
              <NativeSelect label="Membership type" required error={audienceErrors?.membershipType?.message}
                data={[{ value: '', label: 'Choose a membership type' }, ...MEMBERSHIP_TYPES.map((value) => ({ value, label: MEMBERSHIP_LABELS[value] }))]} {...form.register('audience.membershipType')} />
            )}
            {audienceFields.kind === 'account_type' && (
              <NativeSelect label="Account type" required error={audienceErrors?.accountType?.message}
                data={[{ value: '', label: 'Choose an account type' }, { value: 'individual', label: 'Individual' }, { value: 'business', label: 'Business' }]} {...form.register('audience.accountType')} />
            )}
          </SimpleGrid>
          <Text size="sm" aria-live="polite" data-testid="audience-count">
            {audience === null ? 'Finish choosing who gets it.' : count.data ? `Reaches ${people(count.data.recipientCount)} (those who opted out of marketing email are left out).` : 'Counting…'}
          </Text>
          <Select label="Preview as" placeholder="Search a customer by name or mailbox" searchable clearable
            data={customers.data ?? []} value={customerId} onChange={setCustomerId} onSearchChange={setCustomerSearch} nothingFoundMessage="No customer found" />
          <Group gap="sm">
            <Button variant="default" onClick={() => void onPreview()} loading={previewBatch.isPending}>Preview</Button>
            <Button variant="default" onClick={() => void onTest()} loading={sendTest.isPending}>Send test to me</Button>
            <Button type="submit" loading={isSubmitting || send.isPending} disabled={count.data?.recipientCount === 0}>
              {count.data ? `Send to ${people(count.data.recipientCount)}` : 'Send'}
            </Button>
          </Group>
          {preview && (
            <Paper withBorder p="md" aria-label="Preview" component="section">
              <Text fw={600}>{preview.subject}</Text>
              <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit' }}>{preview.body}</Text>
            </Paper>
          )}
          {count.data?.recipientCount === 0 && <Alert color="yellow">{BATCH_EMAIL_MSG.noRecipients}</Alert>}
        </Stack>
      </form>
      <ConfirmModal
        opened={confirming !== null}
        title="Send this batch?"
        message={`"${confirming?.subject ?? ''}" goes to ${count.data ? people(count.data.recipientCount) : 'the chosen customers'}, each once. This cannot be undone.`}
        confirmLabel="Send now"
        isWorking={send.isPending}
        onConfirm={() => void confirmSend()}
        onCancel={() => setConfirming(null)}
      />
    </Card>
  );
}
