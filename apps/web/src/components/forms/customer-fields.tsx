import { useWatch, type UseFormReturn } from 'react-hook-form';
import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { MEMBERSHIP_LABELS, MEMBERSHIP_TYPES, PARISHES, TITLES } from '@parceldesk/shared/constants';
import type { UpdateCustomerInput, UpdateOwnCustomerProfileInput } from '@parceldesk/shared/schemas/customers';
import { FormNativeSelect } from '../ui/form-native-select';

const ACCOUNT_TYPES = [
  { value: 'individual', label: 'Individual' },
  { value: 'business', label: 'Business' },
];

interface CustomerFieldsProps<T extends UpdateOwnCustomerProfileInput> {
  form: UseFormReturn<T>;
  /**
   * Set on the customer's own profile: account type and membership are not shown (the courier
   * changes them, they change prices) and the browser may fill in the customer's own details.
   */
  ownAccountType?: 'individual' | 'business';
}

/**
 * The registration fields (spec section 5 rules): title for individuals, business name for
 * businesses. Staff edit all of them; a customer edits their own without account type and membership.
 */
export function CustomerFields<T extends UpdateOwnCustomerProfileInput>({ form: ownForm, ownAccountType }: CustomerFieldsProps<T>) {
  // Both forms hold these fields; react-hook-form cannot name a generic form's fields, so read it as the staff shape.
  const form = ownForm as unknown as UseFormReturn<UpdateCustomerInput>;
  const { errors } = form.formState;
  const chosenType = useWatch({ control: form.control, name: 'accountType' });
  const accountType = ownAccountType ?? chosenType;
  const own = ownAccountType !== undefined;
  const autoComplete = (token: string) => (own ? token : undefined);
  return (
    <Stack gap="sm">
      {!own && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <FormNativeSelect control={form.control} name="accountType" label="Account Type" required options={ACCOUNT_TYPES} />
          <FormNativeSelect
            control={form.control}
            name="membershipType"
            label="Membership"
            options={MEMBERSHIP_TYPES.map((value) => ({ value, label: MEMBERSHIP_LABELS[value] }))}
          />
        </SimpleGrid>
      )}
      {accountType === 'business' ? (
        <TextInput label="Business Name" required error={errors.businessName?.message} {...form.register('businessName')} />
      ) : (
        <FormNativeSelect control={form.control} name="title" label="Title" required placeholder="Choose a title" options={TITLES.map((t) => ({ value: t, label: t }))} />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="First Name" autoComplete={autoComplete('given-name')} required error={errors.firstName?.message} {...form.register('firstName')} />
        <TextInput label="Last Name" autoComplete={autoComplete('family-name')} required error={errors.lastName?.message} {...form.register('lastName')} />
        <TextInput label="Email" type="email" autoComplete={autoComplete('email')} required error={errors.email?.message} {...form.register('email')} />
        <TextInput label="Phone" type="tel" autoComplete={autoComplete('tel')} required error={errors.phone?.message} {...form.register('phone')} />
        <TextInput label="TRN" required error={errors.trn?.message} {...form.register('trn')} />
      </SimpleGrid>
      <TextInput label="Street Address" autoComplete={autoComplete('street-address')} required error={errors.address?.message} {...form.register('address')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput label="City" autoComplete={autoComplete('address-level2')} required error={errors.city?.message} {...form.register('city')} />
        <FormNativeSelect control={form.control} name="parish" label="Parish" required placeholder="Choose a parish" options={PARISHES.map((p) => ({ value: p, label: p }))} />
        <TextInput label="Country" autoComplete={autoComplete('country-name')} error={errors.country?.message} {...form.register('country')} />
      </SimpleGrid>
    </Stack>
  );
}
