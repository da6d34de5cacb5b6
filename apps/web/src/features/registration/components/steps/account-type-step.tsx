import { Controller, useFormContext } from 'react-hook-form';
import { Paper, Radio, SimpleGrid } from '@mantine/core';
import type { RegistrationFormValues } from '@parceldesk/shared/schemas/registration';

const ACCOUNT_TYPE_OPTIONS = [
  { value: 'individual', label: 'Individual', description: 'Shipping for yourself or your family' },
  { value: 'business', label: 'Business', description: 'Shipping for a company' },
] as const;

export function AccountTypeStep() {
  const { control } = useFormContext<RegistrationFormValues>();
  return (
    <Controller
      name="accountType"
      control={control}
      render={({ field, fieldState }) => (
        <Radio.Group label="Choose your account type" name={field.name} value={field.value} onChange={field.onChange} error={fieldState.error?.message}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
            {ACCOUNT_TYPE_OPTIONS.map((option) => (
              <Paper key={option.value} withBorder radius="md" p="md">
                <Radio value={option.value} label={option.label} description={option.description} />
              </Paper>
            ))}
          </SimpleGrid>
        </Radio.Group>
      )}
    />
  );
}
