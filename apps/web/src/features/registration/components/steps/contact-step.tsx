import { useFormContext } from 'react-hook-form';
import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { RegistrationFormValues } from '@parceldesk/shared/schemas/registration';
import { PasswordField } from '../../../../components/ui/password-field';

export function ContactStep() {
  const { register, formState: { errors } } = useFormContext<RegistrationFormValues>();
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <TextInput label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <PasswordField label="Password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
        <PasswordField label="Confirm Password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
      </SimpleGrid>
    </Stack>
  );
}
