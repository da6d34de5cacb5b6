import { useFormContext, useWatch } from 'react-hook-form';
import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { TITLES } from '@parceldesk/shared/constants';
import type { RegistrationFormValues } from '@parceldesk/shared/schemas/registration';
import { FormSelect } from './form-select';

/** Title for individuals; business name for businesses (the spec's never-shown quirk is fixed). */
export function PersonalStep() {
  const { register, control, formState: { errors } } = useFormContext<RegistrationFormValues>();
  const accountType = useWatch({ control, name: 'accountType' });
  return (
    <Stack gap="md">
      {accountType === 'business' && (
        <TextInput label="Business Name" autoComplete="organization" error={errors.businessName?.message} {...register('businessName')} />
      )}
      {accountType === 'individual' && (
        <FormSelect name="title" label="Title" placeholder="Select a title" data={TITLES} />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="First Name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
        <TextInput label="Last Name" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
      </SimpleGrid>
      <TextInput label="TRN" description="Taxpayer Registration Number" error={errors.trn?.message} {...register('trn')} />
    </Stack>
  );
}
