import { useWatch, type UseFormReturn } from 'react-hook-form';
import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { MEMBERSHIP_LABELS, MEMBERSHIP_TYPES, PARISHES, TITLES } from '@parceldesk/shared/constants';
import type { UpdateCustomerInput } from '@parceldesk/shared/schemas/customers';
import { FormNativeSelect } from '../../../components/ui/form-native-select';

const ACCOUNT_TYPES = [
  { value: 'individual', label: 'Individual' },
  { value: 'business', label: 'Business' },
];

/** The registration fields staff may edit (spec section 5 rules): title for individuals, business name for businesses. */
export function CustomerFields({ form }: { form: UseFormReturn<UpdateCustomerInput> }) {
  const { errors } = form.formState;
  const accountType = useWatch({ control: form.control, name: 'accountType' });
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <FormNativeSelect control={form.control} name="accountType" label="Account Type" required options={ACCOUNT_TYPES} />
        <FormNativeSelect
          control={form.control}
          name="membershipType"
          label="Membership"
          options={MEMBERSHIP_TYPES.map((value) => ({ value, label: MEMBERSHIP_LABELS[value] }))}
        />
      </SimpleGrid>
      {accountType === 'business' ? (
        <TextInput label="Business Name" required error={errors.businessName?.message} {...form.register('businessName')} />
      ) : (
        <FormNativeSelect control={form.control} name="title" label="Title" required placeholder="Choose a title" options={TITLES.map((t) => ({ value: t, label: t }))} />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="First Name" required error={errors.firstName?.message} {...form.register('firstName')} />
        <TextInput label="Last Name" required error={errors.lastName?.message} {...form.register('lastName')} />
        <TextInput label="Email" type="email" required error={errors.email?.message} {...form.register('email')} />
        <TextInput label="Phone" type="tel" required error={errors.phone?.message} {...form.register('phone')} />
        <TextInput label="TRN" required error={errors.trn?.message} {...form.register('trn')} />
      </SimpleGrid>
      <TextInput label="Street Address" required error={errors.address?.message} {...form.register('address')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput label="City" required error={errors.city?.message} {...form.register('city')} />
        <FormNativeSelect control={form.control} name="parish" label="Parish" required placeholder="Choose a parish" options={PARISHES.map((p) => ({ value: p, label: p }))} />
        <TextInput label="Country" error={errors.country?.message} {...form.register('country')} />
      </SimpleGrid>
    </Stack>
  );
}
