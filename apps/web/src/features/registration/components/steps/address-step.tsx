import { useFormContext } from 'react-hook-form';
import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { PARISHES } from '@parceldesk/shared/constants';
import type { RegistrationFormValues } from '@parceldesk/shared/schemas/registration';
import type { PublicBranch } from '../../api/registration-queries';
import { FormSelect } from './form-select';

interface AddressStepProps {
  branches: readonly PublicBranch[];
  branchesLoading: boolean;
}

export function AddressStep({ branches, branchesLoading }: AddressStepProps) {
  const { register, formState: { errors } } = useFormContext<RegistrationFormValues>();
  const branchOptions = branches.map((branch) => ({ value: branch.id, label: branch.name }));
  return (
    <Stack gap="md">
      <TextInput label="Street Address" autoComplete="street-address" error={errors.address?.message} {...register('address')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <FormSelect name="parish" label="Parish" placeholder="Select a parish" data={PARISHES} />
        <TextInput label="City" autoComplete="address-level2" error={errors.city?.message} {...register('city')} />
        <TextInput label="Country" autoComplete="country-name" error={errors.country?.message} {...register('country')} />
        <FormSelect
          name="branchId"
          label="Branch"
          placeholder={branchesLoading ? 'Loading branches...' : 'Select a branch'}
          data={branchOptions}
          disabled={branchesLoading}
        />
        <TextInput label="Coupon Code" description="Optional" error={errors.couponCode?.message} {...register('couponCode')} />
        <TextInput label="Referral Code" description="Optional" error={errors.referralCode?.message} {...register('referralCode')} />
      </SimpleGrid>
    </Stack>
  );
}
