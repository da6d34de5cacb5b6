import type { UseFormReturn } from 'react-hook-form';
import { Checkbox, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { UpdateBranchInput } from '@parceldesk/shared/schemas/branches';

/** Name, code, address, phone, opening hours and active (issue 3), shared by create and edit. */
export function BranchFields<T extends UpdateBranchInput>({ form }: { form: UseFormReturn<T> }) {
  // The generic keeps create (with courierId) and edit on one set of inputs.
  const f = form as unknown as UseFormReturn<UpdateBranchInput>;
  const { errors } = f.formState;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Name" required data-autofocus error={errors.name?.message} {...f.register('name')} />
        <TextInput label="Code" placeholder="KGN" error={errors.code?.message} {...f.register('code')} />
      </SimpleGrid>
      <Textarea label="Address" autosize minRows={2} error={errors.address?.message} {...f.register('address')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...f.register('phone')} />
        <TextInput label="Opening Hours" placeholder="Mon–Fri 9am–5pm" error={errors.openingHours?.message} {...f.register('openingHours')} />
      </SimpleGrid>
      <Checkbox label="Active (customers can choose it as their home branch)" {...f.register('isActive')} />
    </Stack>
  );
}

/** Blank optional inputs go to the server as null, which clears them. */
export function toBranchPayload<T extends UpdateBranchInput>(values: T): T {
  const blank = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
  return { ...values, code: blank(values.code), address: blank(values.address), phone: blank(values.phone), openingHours: blank(values.openingHours) };
}
