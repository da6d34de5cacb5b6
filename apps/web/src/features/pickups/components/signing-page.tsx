import { useMemo, useRef, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Button, Card, FileInput, Group, Radio, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconCheck, IconFileUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import {
  ID_TYPE_LABELS, ID_TYPES, PICKUP_MSG, pickupFormSchema, type CounterLookup, type CreatePickupResponse, type PickupForm,
} from '@parceldesk/shared/schemas/pickups';
import { SignaturePad, type SignaturePadHandle } from '../../../components/signature/signature-pad';
import { FormNativeSelect } from '../../../components/ui/form-native-select';
import { QueryState } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { submitWithFeedback } from '../../../lib/submit-with-feedback';
import { counterLookupQuery, uploadAuthorisationLetter, useReleasePickup } from '../api/pickups';
import { CounterFrame, useCounterPaths } from './counter-frame';
import { formatJmd } from '../../../components/ui/format-money';
import { ReleasedScreen } from './released-screen';

/**
 * The signing page (spec: sign-signature/{invoiceNumber}, outside the layout, for a counter
 * tablet): the parcels being released and their invoices, who collects, the signature pad, and
 * Confirm. The path names the invoice (or a package number when nothing is invoiced);
 * `?packages=` the parcels chosen at the counter.
 */
export function SigningPage() {
  const { invoiceNumber = '' } = useParams();
  const [params] = useSearchParams();
  const paths = useCounterPaths();
  const lookup = useQuery(counterLookupQuery({ code: invoiceNumber }));
  const [released, setReleased] = useState<{ answer: CreatePickupResponse; signature: string } | null>(null);
  const wanted = params.get('packages')?.split(',').filter(Boolean) ?? null;

  if (released) {
    return (
      <CounterFrame title="Released" back={{ to: paths.counter, label: 'Pickup counter' }}>
        <ReleasedScreen answer={released.answer} signature={released.signature} />
      </CounterFrame>
    );
  }
  return (
    <CounterFrame title="Sign and release" back={{ to: `${paths.counter}?code=${encodeURIComponent(invoiceNumber)}`, label: 'Pickup counter' }}>
      <QueryState query={lookup} what="the parcels to release">
        {(data) => <SigningForm data={data} wanted={wanted} onReleased={(answer, signature) => setReleased({ answer, signature })} />}
      </QueryState>
    </CounterFrame>
  );
}

function chosenParcels(data: CounterLookup, wanted: string[] | null) {
  if (wanted) return data.parcels.filter((parcel) => wanted.includes(parcel.id));
  const scanned = data.parcels.filter((parcel) => parcel.isScanned);
  return scanned.length > 0 ? scanned : data.parcels;
}

const FIELDS = ['collectorKind', 'collectorName', 'idType', 'idNumber', 'relationship', 'authorisationLetterFileId', 'overrideReason'] as const;

function SigningForm({ data, wanted, onReleased }: { data: CounterLookup; wanted: string[] | null; onReleased: (answer: CreatePickupResponse, signature: string) => void }) {
  const { role } = useAuth();
  const parcels = useMemo(() => chosenParcels(data, wanted), [data, wanted]);
  const numbers = new Set(parcels.map((parcel) => parcel.packageNumber));
  const invoices = data.invoices.filter((invoice) => invoice.packageNumbers.some((n) => numbers.has(n)));
  const dueCents = invoices.reduce((sum, invoice) => sum + invoice.balanceCents, 0);
  const uninvoiced = parcels.filter((parcel) => !parcel.isInvoiced);
  const needsOverride = dueCents > 0 || uninvoiced.length > 0;
  const mayOverride = role === 'courier_admin';
  const pad = useRef<SignaturePadHandle>(null);
  const [signatureError, setSignatureError] = useState<string | null>(null);
  // One key for this page: a double tap or a retry after a dropped answer releases once.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const release = useReleasePickup(idempotencyKey);
  const form = useForm<PickupForm>({ resolver: zodResolver(pickupFormSchema), defaultValues: { collectorKind: 'customer', overrideReason: '' } });
  const kind = form.watch('collectorKind');

  if (!data.customer || parcels.length === 0) {
    return <Alert color="yellow">{data.message ?? PICKUP_MSG.choosePackages}</Alert>;
  }
  const customer = data.customer;

  const submit = form.handleSubmit(async (values) => {
    const signature = pad.current?.toPng() ?? null;
    if (!signature) {
      setSignatureError(PICKUP_MSG.signatureRequired);
      return;
    }
    const reason = values.overrideReason?.trim();
    if (needsOverride && (!reason || reason.length < 5)) {
      form.setError('overrideReason', { message: PICKUP_MSG.overrideReasonRequired });
      return;
    }
    const authorised = values.collectorKind === 'authorised';
    const answer = await submitWithFeedback(form.setError, FIELDS, () => release.mutateAsync({
      packageIds: parcels.map((parcel) => parcel.id),
      collectorKind: values.collectorKind,
      ...(authorised ? {
        collectorName: values.collectorName, idType: values.idType, idNumber: values.idNumber, relationship: values.relationship,
        authorisationLetterFileId: values.authorisationLetterFileId,
      } : {}),
      signature,
      ...(needsOverride && reason ? { overrideReason: reason } : {}),
    }), { success: (result) => result.message, failure: 'The parcels could not be released' });
    if (answer) onReleased(answer, signature);
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Card withBorder>
          <Group justify="space-between" wrap="wrap" mb="xs">
            <div>
              <Text fw={700} size="lg">{customer.name}</Text>
              <Text size="sm" c="dimmed">Mailbox {customer.mailboxNumber}</Text>
            </div>
            <Badge size="lg" variant="light">{parcels.length === 1 ? '1 parcel' : `${parcels.length} parcels`}</Badge>
          </Group>
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Parcels being released">
            {parcels.map((parcel) => (
              <Group key={parcel.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm"><strong>{parcel.packageNumber}</strong> {parcel.description ?? ''}</Text>
                <Text size="sm" c="dimmed">{parcel.invoiceNumbers.join(', ') || 'Not invoiced'}</Text>
              </Group>
            ))}
          </Stack>
          {invoices.length > 0 ? (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="sm">
              {invoices.map((invoice) => (
                <Group key={invoice.id} justify="space-between" gap="xs" p={6} style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6 }}>
                  <Text size="sm" fw={500}>{invoice.invoiceNumber}</Text>
                  {invoice.balanceCents === 0
                    ? <Badge color="teal" variant="light">Paid {formatJmd(invoice.paidCents)}</Badge>
                    : <Text size="sm" c="red" fw={600}>Due {formatJmd(invoice.balanceCents)}</Text>}
                </Group>
              ))}
            </SimpleGrid>
          ) : null}
        </Card>

        {needsOverride ? (
          <Alert color={mayOverride ? 'yellow' : 'red'} title={dueCents > 0 ? `${formatJmd(dueCents)} is still due` : 'Not invoiced'}>
            {mayOverride
              ? 'Take the payment first, or release without full payment: give the reason (it is recorded with your name).'
              : 'Take the payment at the counter first. Only a courier admin can release parcels that are not paid.'}
            {mayOverride ? (
              <Textarea mt="sm" label="Reason for releasing without full payment" autosize minRows={2} {...form.register('overrideReason')} error={form.formState.errors.overrideReason?.message} />
            ) : null}
          </Alert>
        ) : null}

        <Card withBorder>
          <Radio.Group
            label="Who is collecting?"
            value={kind}
            onChange={(value) => form.setValue('collectorKind', value === 'authorised' ? 'authorised' : 'customer')}
          >
            <Group mt="xs" gap="lg">
              <Radio value="customer" label={`The customer (${customer.name})`} />
              <Radio value="authorised" label="An authorised person" />
            </Group>
          </Radio.Group>
          {kind === 'authorised' ? <AuthorisedFields form={form} /> : null}
        </Card>

        <Card withBorder>
          <Title order={2} size="h4" mb="xs">Signature</Title>
          <SignaturePad ref={pad} label="Signature of the person collecting" onChange={(empty) => { if (!empty) setSignatureError(null); }} disabled={release.isPending} />
          {signatureError ? <Text c="red" size="sm" mt={4} role="alert">{signatureError}</Text> : null}
        </Card>

        <Group justify="flex-end">
          <Button type="submit" size="lg" leftSection={<IconCheck size={20} />} loading={release.isPending} disabled={needsOverride && !mayOverride}>
            Confirm and release
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AuthorisedFields({ form }: { form: UseFormReturn<PickupForm> }) {
  const { errors } = form.formState;
  const [letter, setLetter] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploaded, setUploaded] = useState<string | null>(null);

  const choose = async (file: File | null) => {
    setLetter(file);
    setUploaded(null);
    form.setValue('authorisationLetterFileId', undefined);
    if (!file) return;
    setUploading(true);
    try {
      const stored = await uploadAuthorisationLetter(file);
      form.setValue('authorisationLetterFileId', stored.id, { shouldValidate: form.formState.isSubmitted });
      setUploaded(stored.fileName);
    } catch (error) {
      form.setError('authorisationLetterFileId', { message: errorMessage(error, PICKUP_MSG.letterInvalid) });
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack gap="sm" mt="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Name of the person collecting" required {...form.register('collectorName')} error={errors.collectorName?.message} autoComplete="off" />
        <TextInput label="Relationship to the customer" required placeholder="Sister, co-worker…" {...form.register('relationship')} error={errors.relationship?.message} autoComplete="off" />
        <FormNativeSelect control={form.control} name="idType" label="ID type" required placeholder="Choose the ID type" options={ID_TYPES.map((value) => ({ value, label: ID_TYPE_LABELS[value] }))} />
        <TextInput label="ID number" required {...form.register('idNumber')} error={errors.idNumber?.message} autoComplete="off" />
      </SimpleGrid>
      <FileInput
        label="Customer's authorisation letter"
        description="PDF, JPG or PNG, less than 10 MB (a photo of the letter will do)"
        required
        accept="application/pdf,image/jpeg,image/png"
        leftSection={<IconFileUpload size={18} aria-hidden />}
        value={letter}
        onChange={(file) => void choose(file)}
        error={errors.authorisationLetterFileId?.message}
        disabled={uploading}
        clearable
      />
      {uploading ? <Text size="sm" c="dimmed">Uploading the letter…</Text> : null}
      {uploaded ? <Text size="sm" c="teal" role="status">Letter uploaded: {uploaded}</Text> : null}
    </Stack>
  );
}
