import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { companyInfoSchema, SETTINGS_MSG, type CompanyInfoInput } from '@parceldesk/shared/schemas/settings';
import { submitWithFeedback } from '../../../../lib/submit-with-feedback';
import { useAuth } from '../../../../lib/auth-context';
import { useUpdateCompany, type CourierSettings } from '../../api/courier-settings';

const FIELDS = ['name', 'firstName', 'lastName', 'email'] as const;

const valuesOf = (courier: CourierSettings): CompanyInfoInput => ({
  name: courier.name,
  firstName: courier.admin?.firstName ?? '',
  lastName: courier.admin?.lastName ?? '',
  email: courier.admin?.email ?? '',
});

/** Tab 0: the company name and its admin; the courier code is fixed once issued. */
export function CompanyInfoForm({ courier }: { courier: CourierSettings }) {
  const auth = useAuth();
  const update = useUpdateCompany(courier.id);
  const form = useForm({ resolver: zodResolver(companyInfoSchema), defaultValues: valuesOf(courier) });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await submitWithFeedback(form.setError, FIELDS, async () => {
      await update.mutateAsync(values);
      return true;
    }, { success: SETTINGS_MSG.companyUpdated, failure: SETTINGS_MSG.companyFailed });
    if (!saved) return;
    form.reset(values);
    // The header, title and the admin's own name come from the profile.
    await auth.checkAuth(true);
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Company information">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Courier Name" required error={errors.name?.message} {...form.register('name')} />
          <TextInput label="Courier Code" value={courier.code} readOnly description="Issued with the account; it cannot be changed." />
          <TextInput label="First Name" autoComplete="given-name" required error={errors.firstName?.message} {...form.register('firstName')} />
          <TextInput label="Last Name" autoComplete="family-name" required error={errors.lastName?.message} {...form.register('lastName')} />
        </SimpleGrid>
        <TextInput label="Email" type="email" autoComplete="email" required error={errors.email?.message} {...form.register('email')} />
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            Save Company Info
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
