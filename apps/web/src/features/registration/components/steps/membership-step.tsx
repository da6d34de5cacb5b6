import { Controller, useFormContext } from 'react-hook-form';
import { Paper, Radio, SimpleGrid } from '@mantine/core';
import { MEMBERSHIP_LABELS, MEMBERSHIP_TYPES } from '@parceldesk/shared/constants';
import type { RegistrationFormValues } from '@parceldesk/shared/schemas/registration';

/** Step 2 for couriers that offer membership rates (spec section 2). */
export function MembershipStep() {
  const { control } = useFormContext<RegistrationFormValues>();
  return (
    <Controller
      name="membershipType"
      control={control}
      render={({ field, fieldState }) => (
        <Radio.Group label="Membership Type" name={field.name} value={field.value ?? ''} onChange={field.onChange} error={fieldState.error?.message}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
            {MEMBERSHIP_TYPES.map((type) => (
              <Paper key={type} withBorder radius="md" p="md">
                <Radio value={type} label={MEMBERSHIP_LABELS[type]} />
              </Paper>
            ))}
          </SimpleGrid>
        </Radio.Group>
      )}
    />
  );
}
