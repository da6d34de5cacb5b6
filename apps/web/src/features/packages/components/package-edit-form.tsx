import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { z } from 'zod';
import { packageEditSchema, SERVICE_LABELS, SERVICES, type PackageDetail, type PackageEditInput } from '@parceldesk/shared/schemas/packages';
import { FormActions } from '../../../components/ui/form-actions';
import { submitWithFeedback } from '../../../lib/submit-with-feedback';
import { useEditPackage } from '../api/packages';

type FormValues = z.input<typeof packageEditSchema>;
const FIELDS = ['weight', 'length', 'width', 'height', 'pieces', 'description', 'shipper', 'declaredValue', 'service', 'location', 'notes', 'reason'] as const;

const text = (value: number | string | null) => (value === null ? '' : String(value));
const valuesOf = (pkg: PackageDetail): FormValues => ({
  weight: text(pkg.weight), length: text(pkg.length), width: text(pkg.width), height: text(pkg.height), pieces: text(pkg.pieces),
  description: text(pkg.description), shipper: text(pkg.shipper), declaredValue: text(pkg.declaredValue), service: pkg.service,
  location: text(pkg.location), notes: text(pkg.notes), reason: '',
});

const measure = { type: 'number', inputMode: 'decimal', step: '0.01', min: 0 } as const;

/** Corrections with an audited reason, while the package is on no invoice (issue 11). */
export function PackageEditForm({ pkg }: { pkg: PackageDetail }) {
  const edit = useEditPackage(pkg.id);
  const form = useForm<FormValues, unknown, PackageEditInput>({ resolver: zodResolver(packageEditSchema), defaultValues: valuesOf(pkg) });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await submitWithFeedback(form.setError, FIELDS, () => edit.mutateAsync(values), {
      success: 'Package updated',
      failure: 'Failed to update the package',
    });
    if (saved) form.reset(valuesOf(saved));
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Edit package">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <TextInput label="Weight (lb)" required {...measure} error={errors.weight?.message} {...form.register('weight')} />
          <TextInput label="Length (in)" {...measure} error={errors.length?.message} {...form.register('length')} />
          <TextInput label="Width (in)" {...measure} error={errors.width?.message} {...form.register('width')} />
          <TextInput label="Height (in)" {...measure} error={errors.height?.message} {...form.register('height')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label="Pieces" type="number" inputMode="numeric" min={1} step={1} error={errors.pieces?.message} {...form.register('pieces')} />
          <TextInput label="Declared value (US$)" {...measure} error={errors.declaredValue?.message} {...form.register('declaredValue')} />
          <NativeSelect label="Service" data={SERVICES.map((s) => ({ value: s, label: SERVICE_LABELS[s] }))} error={errors.service?.message} {...form.register('service')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Description" error={errors.description?.message} {...form.register('description')} />
          <TextInput label="Shipper / store" error={errors.shipper?.message} {...form.register('shipper')} />
          <TextInput label="Warehouse location / bin" error={errors.location?.message} {...form.register('location')} />
        </SimpleGrid>
        <Textarea label="Notes" autosize minRows={2} maxRows={6} error={errors.notes?.message} {...form.register('notes')} />
        <TextInput label="Reason for the change" description="Kept in the package's history" required error={errors.reason?.message} {...form.register('reason')} />
        <FormActions submitLabel="Save changes" submitting={isSubmitting} />
      </Stack>
    </form>
  );
}
