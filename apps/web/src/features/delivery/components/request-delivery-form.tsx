import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Checkbox, Group, NativeSelect, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createDeliveryRequestSchema } from '@parceldesk/shared/schemas/delivery';
import { QueryState } from '../../../components/ui/query-state';
import { formatJmd } from '../../../components/ui/format-money';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { activeLocationsQuery, readyParcelsQuery, useCreateDeliveryRequest } from '../api/delivery';

type Errors = Partial<Record<'packageIds' | 'locationId' | 'address' | 'phone' | 'preferredDate', string>>;

/** The customer's request: which ready parcels, where (an active location, its fee shown), when, and a phone number. */
export function RequestDeliveryForm({ onDone, defaultPhone, defaultAddress }: { onDone: () => void; defaultPhone: string; defaultAddress: string }) {
  const parcels = useQuery(readyParcelsQuery());
  const locations = useQuery(activeLocationsQuery());
  const create = useCreateDeliveryRequest();
  const [chosen, setChosen] = useState<string[]>([]);
  const [locationId, setLocationId] = useState('');
  const [address, setAddress] = useState(defaultAddress);
  const [phone, setPhone] = useState(defaultPhone);
  const [preferredDate, setPreferredDate] = useState(() => new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Jamaica' }));
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const fee = locations.data?.locations.find((l) => l.id === locationId)?.feeCents;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createDeliveryRequestSchema.safeParse({ packageIds: chosen, locationId, address, phone, preferredDate, notes });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof Errors;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (answer) => {
        notify.success(`${answer.message}: ${answer.request.requestNumber}`);
        onDone();
      },
      onError: (problem) => notify.error(errorMessage(problem, 'Could not request delivery')),
    });
  };

  return (
    <Card withBorder component="form" onSubmit={submit} aria-label="Request delivery">
      <Stack gap="sm">
        <Title order={3}>Request delivery</Title>
        <QueryState query={parcels} what="your ready parcels" rows={2}>
          {(data) => (data.parcels.length === 0
            ? <Alert color="blue">You have no parcels ready for pickup to deliver.</Alert>
            : (
              <Stack gap={6} role="group" aria-label="Parcels to deliver">
                <Text size="sm" fw={500}>Parcels to deliver</Text>
                {data.parcels.map((p) => (
                  <Checkbox key={p.id} checked={chosen.includes(p.id)}
                    onChange={(e) => { const on = e.currentTarget.checked; setChosen((now) => (on ? [...now, p.id] : now.filter((id) => id !== p.id))); }}
                    label={`${p.packageNumber}${p.description ? ` (${p.description})` : ''}${p.balanceCents > 0 ? `, ${formatJmd(p.balanceCents)} due` : ''}`} />
                ))}
                {errors.packageIds ? <Text c="red" size="sm">{errors.packageIds}</Text> : null}
              </Stack>
            ))}
        </QueryState>
        <NativeSelect label="Delivery location" value={locationId} onChange={(e) => setLocationId(e.currentTarget.value)} error={errors.locationId}
          data={[{ value: '', label: 'Select a location' }, ...(locations.data?.locations ?? []).map((l) => ({ value: l.id, label: `${l.name}, ${l.parish} (${formatJmd(l.feeCents)})` }))]} />
        {fee !== undefined && <Text size="sm">Delivery fee: {formatJmd(fee)}, added to your invoice when we schedule the delivery.</Text>}
        <TextInput label="Address" value={address} onChange={(e) => setAddress(e.currentTarget.value)} error={errors.address} />
        <Group grow wrap="wrap">
          <TextInput label="Phone number" type="tel" value={phone} onChange={(e) => setPhone(e.currentTarget.value)} error={errors.phone} />
          <TextInput label="Preferred date" type="date" value={preferredDate} onChange={(e) => setPreferredDate(e.currentTarget.value)} error={errors.preferredDate} />
        </Group>
        <Textarea label="Notes for the driver (optional)" value={notes} onChange={(e) => setNotes(e.currentTarget.value)} autosize minRows={2} />
        <Group>
          <Button type="submit" loading={create.isPending}>Request delivery</Button>
          <Button variant="subtle" onClick={onDone}>Cancel</Button>
        </Group>
      </Stack>
    </Card>
  );
}
