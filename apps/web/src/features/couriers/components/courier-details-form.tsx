import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { FormActions } from '../../../components/ui/form-actions';
import { updateNetworkCourierSchema, type NetworkCourierDetail, type UpdateNetworkCourierInput } from '@parceldesk/shared/schemas/people';
import { submitWithFeedback } from '../../../lib/submit-with-feedback';
import { useUpdateCourier } from '../api/couriers';

const FIELDS = ['name', 'code', 'contactEmail', 'contactPhone', 'loginNotice'] as const;

const valuesOf = (c: NetworkCourierDetail): UpdateNetworkCourierInput => ({
  name: c.name,
  code: c.code,
  contactEmail: c.contactEmail ?? '',
  contactPhone: c.contactPhone ?? '',
  supportsMembership: c.supportsMembership,
  loginNotice: c.loginNotice ?? '',
});

export function CourierDetailsForm({ courier }: { courier: NetworkCourierDetail }) {
  const update = useUpdateCourier(courier.id);
  const form = useForm<UpdateNetworkCourierInput>({ resolver: zodResolver(updateNetworkCourierSchema), defaultValues: valuesOf(courier) });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    await submitWithFeedback(form.setError, FIELDS, () => update.mutateAsync({ ...values, contactPhone: values.contactPhone?.trim() || null, loginNotice: values.loginNotice?.trim() || null }), { success: 'Courier updated successfully!', failure: 'Failed to update courier' });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Courier details">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Courier Name" required error={errors.name?.message} {...form.register('name')} />
          <TextInput label="Code" required error={errors.code?.message} {...form.register('code')} />
          <TextInput label="Contact Email" type="email" required error={errors.contactEmail?.message} {...form.register('contactEmail')} />
          <TextInput label="Contact Phone" type="tel" error={errors.contactPhone?.message} {...form.register('contactPhone')} />
        </SimpleGrid>
        <Textarea
          label="Login Notice"
          description="Shown to customers in a dialog on the courier's sign-in page"
          autosize
          minRows={2}
          error={errors.loginNotice?.message}
          {...form.register('loginNotice')}
        />
        <Checkbox label="Offers membership types at registration" {...form.register('supportsMembership')} />
        <FormActions submitLabel="Save Changes" submitting={isSubmitting} />
      </Stack>
    </form>
  );
}
