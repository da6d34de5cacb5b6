import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Card, FileInput, Group, NativeSelect, NumberInput, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DELIVERY_WINDOW_LABELS, DELIVERY_WINDOWS, type DeliveryWindow } from '@parceldesk/shared/domain/delivery';
import { DELIVERY_MSG, type DeliveryRequest } from '@parceldesk/shared/schemas/delivery';
import { SignaturePad, type SignaturePadHandle } from '../../../components/signature/signature-pad';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { driversQuery, useDeliveryAction, type DeliveryAction } from '../api/delivery';

const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Jamaica' });

function Section({ title, children, onSubmit }: { title: string; children: ReactNode; onSubmit: (event: FormEvent) => void }) {
  return (
    <Card withBorder component="form" onSubmit={onSubmit} aria-label={title}>
      <Stack gap="sm">
        <Title order={4}>{title}</Title>
        {children}
      </Stack>
    </Card>
  );
}

/** The next steps staff can take on a request, each a small form; every answer is told in a toast and the detail refreshes. */
export function DeliveryStaffActions({ request }: { request: DeliveryRequest }) {
  const action = useDeliveryAction(request.id);
  const drivers = useQuery({ ...driversQuery(), enabled: request.status === 'requested' || request.status === 'scheduled' });
  const [date, setDate] = useState(request.scheduledDate ?? (request.preferredDate > today() ? request.preferredDate : today()));
  const [window, setWindow] = useState<DeliveryWindow>(request.timeWindow ?? 'morning');
  const [driverId, setDriverId] = useState(request.driverId ?? '');
  const [reason, setReason] = useState('');
  const [recipient, setRecipient] = useState(request.customerName);
  const [collected, setCollected] = useState<number>(request.amountDueCents / 100);
  const [error, setError] = useState<string | null>(null);
  const pad = useRef<SignaturePadHandle>(null);
  const [proof, setProof] = useState<'signature' | 'photo'>('signature');
  const [photo, setPhoto] = useState<File | null>(null);

  const run = (step: DeliveryAction, failure: string) => (event?: FormEvent) => {
    event?.preventDefault();
    setError(null);
    action.mutate(step, {
      onSuccess: (answer) => notify.success(answer.message),
      onError: (problem) => {
        const message = errorMessage(problem, failure);
        setError(message);
        notify.error(message);
      },
    });
  };
  const driverOptions = [{ value: '', label: 'Choose a driver' }, ...(drivers.data?.drivers ?? []).map((d) => ({ value: d.id, label: d.name }))];
  const reasonInput = <TextInput label="Reason" value={reason} onChange={(e) => setReason(e.currentTarget.value)} required />;
  const busy = action.isPending;
  const errorLine = error ? <Text c="red" size="sm" role="alert">{error}</Text> : null;

  if (request.status === 'requested' || request.status === 'scheduled') {
    return (
      <Stack gap="md">
        {errorLine}
        <Section title={request.status === 'requested' ? 'Approve and schedule' : 'Reschedule'} onSubmit={run({ kind: 'schedule', body: { date, window, driverId: driverId || null } }, 'Could not schedule the delivery')}>
          <Group grow align="flex-end" wrap="wrap">
            <TextInput type="date" label="Delivery date" value={date} onChange={(e) => setDate(e.currentTarget.value)} required />
            <NativeSelect label="Time window" value={window} onChange={(e) => setWindow(e.currentTarget.value as DeliveryWindow)}
              data={DELIVERY_WINDOWS.map((w) => ({ value: w, label: DELIVERY_WINDOW_LABELS[w] }))} />
            <NativeSelect label="Driver" value={driverId} onChange={(e) => setDriverId(e.currentTarget.value)} data={driverOptions} />
          </Group>
          <Group><Button type="submit" loading={busy}>{request.status === 'requested' ? 'Schedule delivery' : 'Save schedule'}</Button></Group>
        </Section>
        {request.status === 'scheduled' && (
          <>
            <Section title="Assign driver" onSubmit={run({ kind: 'assign', body: { driverId } }, 'Could not assign the driver')}>
              <Text size="sm">{request.driverName ? `Assigned: ${request.driverName}` : 'No driver yet.'}</Text>
              <Group><Button type="submit" variant="light" loading={busy} disabled={!driverId}>Assign driver</Button></Group>
            </Section>
            <Group><Button onClick={() => run({ kind: 'out-for-delivery' }, 'Could not send the delivery out')()} loading={busy}>Mark out for delivery</Button></Group>
          </>
        )}
        {request.status === 'requested' && (
          <Section title="Reject request" onSubmit={run({ kind: 'reject', body: { reason } }, 'Could not reject the request')}>
            {reasonInput}
            <Group><Button type="submit" color="red" variant="light" loading={busy}>Reject request</Button></Group>
          </Section>
        )}
      </Stack>
    );
  }
  if (request.status === 'out_for_delivery') {
    const deliver = (event: FormEvent) => {
      event.preventDefault();
      const signature = proof === 'signature' ? pad.current?.toPng() ?? null : null;
      const photoProof = proof === 'photo' ? photo : null;
      if (!signature && !photoProof && !request.hasPhoto) {
        setError(DELIVERY_MSG.proofRequired);
        return;
      }
      const body = { recipientName: recipient, collectedCents: Math.round((collected || 0) * 100), paymentMethod: 'cash' as const, ...(signature ? { signature } : {}) };
      run({ kind: 'deliver', body, photo: photoProof }, 'Could not complete the delivery')();
    };
    return (
      <Stack gap="md">
        {errorLine}
        <Section title="Delivered" onSubmit={deliver}>
          <TextInput label="Recipient's name" value={recipient} onChange={(e) => setRecipient(e.currentTarget.value)} required />
          <NumberInput label="Cash collected (J$)" value={collected} onChange={(value) => setCollected(typeof value === 'number' ? value : Number(value) || 0)} min={0} decimalScale={2} thousandSeparator="," />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="delivery-proof-label">Proof of delivery</Text>
            <SegmentedControl aria-labelledby="delivery-proof-label" value={proof} onChange={(value) => { setProof(value as 'signature' | 'photo'); setError(null); }}
              data={[{ value: 'signature', label: 'Signature' }, { value: 'photo', label: 'Photo' }]} disabled={busy} />
          </Stack>
          {proof === 'signature'
            ? <SignaturePad ref={pad} label="Recipient's signature" onChange={(empty) => { if (!empty) setError(null); }} disabled={busy} height={180} />
            : (
              <FileInput label="Photo of the delivery" description={request.hasPhoto ? 'A photo is already saved; choose another to replace it.' : 'JPG or PNG; on a phone this opens the camera.'}
                placeholder="Take or choose a photo" accept="image/jpeg,image/png" capture="environment" value={photo}
                onChange={(file) => { setPhoto(file); if (file) setError(null); }} clearable disabled={busy} />
            )}
          <Group><Button type="submit" color="teal" loading={busy}>Mark delivered</Button></Group>
        </Section>
        <Section title="Not delivered" onSubmit={run({ kind: 'fail', body: { reason } }, 'Could not record the failed delivery')}>
          {reasonInput}
          <Group><Button type="submit" color="red" variant="light" loading={busy}>Mark failed</Button></Group>
        </Section>
      </Stack>
    );
  }
  return null;
}
