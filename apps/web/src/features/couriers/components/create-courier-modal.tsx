import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { Checkbox, Fieldset, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { FormActions } from '../../../components/ui/form-actions';
import { useMediaQuery } from '@mantine/hooks';
import { createNetworkCourierSchema, PEOPLE_MSG, type CreateNetworkCourierInput } from '@parceldesk/shared/schemas/people';
import { submitWithFeedback } from '../../../lib/submit-with-feedback';
import { useCreateCourier } from '../api/couriers';

const FIELDS = ['name', 'code', 'contactEmail', 'contactPhone', 'admin.firstName', 'admin.lastName', 'admin.email'] as const;
/** A blank optional code means "make one from the name": the schema takes null, not ''. */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

const EMPTY: CreateNetworkCourierInput = {
  name: '', code: null, contactEmail: '', contactPhone: '', supportsMembership: false,
  admin: { firstName: '', lastName: '', email: '' },
};

export function CreateCourierModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={opened} onClose={onClose} title="Create Courier" size="lg" fullScreen={isPhone}>
      {opened ? <CreateCourierForm onDone={onClose} /> : null}
    </Modal>
  );
}

function CreateCourierForm({ onDone }: { onDone: () => void }) {
  const create = useCreateCourier();
  const navigate = useNavigate();
  const form = useForm<CreateNetworkCourierInput>({ resolver: zodResolver(createNetworkCourierSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const courier = await submitWithFeedback(
      form.setError, FIELDS,
      () => create.mutateAsync({ ...values, contactPhone: values.contactPhone?.trim() || null }),
      { success: PEOPLE_MSG.courierCreated, failure: 'Failed to create courier' },
    );
    if (!courier) return;
    onDone();
    void navigate(`/superadmin/couriers/${courier.id}`);
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create courier">
      <Stack gap="md">
        <Fieldset legend="Company">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label="Courier Name" required data-autofocus error={errors.name?.message} {...form.register('name')} />
              <TextInput label="Code" description="Optional; made from the name when left blank" error={errors.code?.message} {...form.register('code', { setValueAs: blankToNull })} />
              <TextInput label="Contact Email" type="email" required error={errors.contactEmail?.message} {...form.register('contactEmail')} />
              <TextInput label="Contact Phone" type="tel" error={errors.contactPhone?.message} {...form.register('contactPhone')} />
            </SimpleGrid>
            <Checkbox label="Offers membership types at registration" {...form.register('supportsMembership')} />
          </Stack>
        </Fieldset>
        <Fieldset legend="First administrator">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label="Admin First Name" required error={errors.admin?.firstName?.message} {...form.register('admin.firstName')} />
              <TextInput label="Admin Last Name" required error={errors.admin?.lastName?.message} {...form.register('admin.lastName')} />
            </SimpleGrid>
            <TextInput
              label="Admin Email"
              type="email"
              required
              description="They receive an email with a link to choose their password"
              error={errors.admin?.email?.message}
              {...form.register('admin.email')}
            />
          </Stack>
        </Fieldset>
        <FormActions submitLabel="Create Courier" onCancel={onDone} submitting={isSubmitting} />
      </Stack>
    </form>
  );
}
