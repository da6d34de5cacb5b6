import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { createRoleSchema, type CreateRoleInput } from '@parceldesk/shared/schemas/roles';
import { CourierChoice, hasCourierChoice } from '../../../components/ui/courier-choice';
import { useAreaRoot } from '../../../components/ui/use-area-root';
import { FormActions } from '../../../components/ui/form-actions';
import { submitWithFeedback } from '../../../lib/submit-with-feedback';
import { useCreateRole } from '../api/roles';
import { RoleFields } from './role-fields';

const FIELDS = ['name', 'description', 'permissions', 'courierId'] as const;
const EMPTY: CreateRoleInput = { name: '', description: '', permissions: [], courierId: null };

interface CreateRoleModalProps {
  opened: boolean;
  onClose: () => void;
  chooseCourier: boolean;
}

export function CreateRoleModal({ opened, onClose, chooseCourier }: CreateRoleModalProps) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={opened} onClose={onClose} title="Create Role" size="xl" fullScreen={isPhone}>
      {opened ? <CreateRoleForm chooseCourier={chooseCourier} onDone={onClose} /> : null}
    </Modal>
  );
}

function CreateRoleForm({ chooseCourier, onDone }: { chooseCourier: boolean; onDone: () => void }) {
  const create = useCreateRole();
  const navigate = useNavigate();
  const root = useAreaRoot();
  const form = useForm<CreateRoleInput>({ resolver: zodResolver(createRoleSchema), defaultValues: EMPTY });

  const onSubmit = form.handleSubmit(async (values) => {
    if (!hasCourierChoice(chooseCourier, values, form.setError)) return;
    const role = await submitWithFeedback(form.setError, FIELDS, () => create.mutateAsync({ ...values, description: values.description?.trim() || null }), {
      success: (created) => `Role ${created.name} created`, failure: 'Failed to create role',
    });
    if (!role) return;
    onDone();
    void navigate(`${root}/roles/${role.id}`);
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create role">
      <Stack gap="sm">
        {chooseCourier ? <CourierChoice control={form.control} /> : null}
        <RoleFields form={form} />
        <FormActions submitLabel="Create Role" onCancel={onDone} submitting={form.formState.isSubmitting} />
      </Stack>
    </form>
  );
}
