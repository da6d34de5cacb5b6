import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { AIRPORTS, SEAPORTS } from '@parceldesk/shared/domain/manifests';
import {
  MANIFEST_FORM_MSG, manifestInputSchema, type ManifestDetail, type ManifestFormValues, type ManifestInput,
} from '@parceldesk/shared/schemas/manifests';
import { SERVICE_LABELS, SERVICES } from '@parceldesk/shared/schemas/packages';
import { FormActions } from '../../../components/ui/form-actions';
import { submitWithFeedback } from '../../../lib/submit-with-feedback';
import { useCreateManifest, useEditManifest } from '../api/manifests';

const FIELDS = ['service', 'carrier', 'mawb', 'billOfLading', 'flightOrVoyage', 'origin', 'destination', 'departureDate', 'arrivalDate', 'notes'] as const;

const blank: ManifestFormValues = {
  service: 'air', carrier: '', mawb: '', billOfLading: '', flightOrVoyage: '', origin: 'MIA', destination: 'KIN', departureDate: '', arrivalDate: '', notes: '',
};
const valuesOf = (m: ManifestDetail): ManifestFormValues => ({
  service: m.service, carrier: m.carrier, mawb: m.mawb ?? '', billOfLading: m.billOfLading ?? '', flightOrVoyage: m.flightOrVoyage ?? '',
  origin: m.origin, destination: m.destination, departureDate: m.departureDate ?? '', arrivalDate: m.arrivalDate ?? '', notes: m.notes ?? '',
});
const placeOptions = (service: string) => Object.entries(service === 'sea' ? SEAPORTS : AIRPORTS).map(([value, name]) => ({ value, label: `${value} — ${name}` }));

/** Create (no `manifest`) or edit an open manifest's header; the shared schema is the resolver (issue 12). */
export function ManifestForm({ manifest, onDone, onCancel }: { manifest?: ManifestDetail; onDone: (saved: ManifestDetail) => void; onCancel: () => void }) {
  const create = useCreateManifest();
  const edit = useEditManifest(manifest?.id ?? '');
  const form = useForm<ManifestFormValues, unknown, ManifestInput>({ resolver: zodResolver(manifestInputSchema), defaultValues: manifest ? valuesOf(manifest) : blank });
  const { errors, isSubmitting } = form.formState;
  const service = form.watch('service');
  const isAir = service !== 'sea';

  const onServiceChange = (next: string) => {
    // The places of the other service do not apply: start from the usual route of the new one.
    form.setValue('origin', next === 'sea' ? 'USPEF' : 'MIA');
    form.setValue('destination', next === 'sea' ? 'JMKIN' : 'KIN');
  };

  const onSubmit = form.handleSubmit(async (values) => {
    const body = { ...form.getValues(), service: values.service };
    const saved = await submitWithFeedback(form.setError, FIELDS, () => (manifest ? edit.mutateAsync(body) : create.mutateAsync(body)), {
      success: (m) => (manifest ? MANIFEST_FORM_MSG.saved : `${MANIFEST_FORM_MSG.created}: ${m.number}`),
      failure: manifest ? 'Failed to save the manifest' : 'Failed to create the manifest',
    });
    if (saved) onDone(saved);
  });

  const service$ = form.register('service');
  return (
    <form onSubmit={onSubmit} noValidate aria-label={manifest ? 'Edit manifest' : 'New manifest'}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NativeSelect
            label="Service" required disabled={!!manifest}
            data={SERVICES.map((s) => ({ value: s, label: SERVICE_LABELS[s] }))} error={errors.service?.message}
            {...service$} onChange={(event) => { void service$.onChange(event); onServiceChange(event.currentTarget.value); }}
          />
          <TextInput label={isAir ? 'Airline' : 'Shipping line'} required error={errors.carrier?.message} {...form.register('carrier')} />
          {isAir ? (
            <TextInput label="Master air waybill (MAWB)" placeholder="001-12345675" description="Needed to close the manifest" error={errors.mawb?.message} {...form.register('mawb')} />
          ) : (
            <TextInput label="Bill of lading" description="Needed to close the manifest" error={errors.billOfLading?.message} {...form.register('billOfLading')} />
          )}
          <TextInput label={isAir ? 'Flight' : 'Voyage'} error={errors.flightOrVoyage?.message} {...form.register('flightOrVoyage')} />
          <NativeSelect label="Origin" required data={placeOptions(service)} error={errors.origin?.message} {...form.register('origin')} />
          <NativeSelect label="Destination" required data={placeOptions(service)} error={errors.destination?.message} {...form.register('destination')} />
          <TextInput label="Departure date" type="date" error={errors.departureDate?.message} {...form.register('departureDate')} />
          <TextInput label="Arrival date" type="date" error={errors.arrivalDate?.message} {...form.register('arrivalDate')} />
        </SimpleGrid>
        <Textarea label="Notes" autosize minRows={2} maxRows={6} error={errors.notes?.message} {...form.register('notes')} />
        <FormActions submitLabel={manifest ? 'Save manifest' : 'Create manifest'} submitting={isSubmitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
