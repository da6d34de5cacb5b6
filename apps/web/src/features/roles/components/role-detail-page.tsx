import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useParams } from 'react-router';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { FormActions } from '../../../components/ui/form-actions';
import { IconTrash } from '@tabler/icons-react';
import { ROLE_MSG, updateRoleSchema, type RoleDetail, type UpdateRoleInput } from '@parceldesk/shared/schemas/roles';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { useAreaRoot } from '../../../components/ui/use-area-root';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { submitWithFeedback } from '../../../lib/submit-with-feedback';
import { useDeleteRole, useRole, useUpdateRole } from '../api/roles';
import { RoleFields } from './role-fields';

const FIELDS = ['name', 'description', 'permissions'] as const;

const valuesOf = (role: RoleDetail): UpdateRoleInput => ({ name: role.name, description: role.description ?? '', permissions: role.permissions });

/** /admin/roles/{id} and /superadmin/roles/{id}: edit the permission matrix, or delete an unused custom role. */
export function RoleDetailPage() {
  const { id = '' } = useParams();
  const root = useAreaRoot();
  const query = useRole(id);
  const role = query.data;
  return (
    <Stack gap="lg">
      <PageHeader
        title={role?.name ?? 'Role'}
        subtitle={
          role ? (
            <Group gap="xs">
              {root === '/superadmin' ? <Text size="sm">{role.courierName}</Text> : null}
              <Badge variant="light" color={role.builtin ? 'gray' : 'blue'}>{role.builtin ? 'Built-in' : 'Custom'}</Badge>
              <Text size="sm">{role.usersCount} staff</Text>
            </Group>
          ) : undefined
        }
        back={{ to: `${root}/roles`, label: 'All roles' }}
        actions={role ? <DeleteRoleButton role={role} /> : null}
      />
      <QueryState query={query} what="the role">
        {(loaded) => (
          <Card withBorder padding="lg">
            <RoleEditForm key={loaded.updatedAt} role={loaded} />
          </Card>
        )}
      </QueryState>
    </Stack>
  );
}

function RoleEditForm({ role }: { role: RoleDetail }) {
  const update = useUpdateRole(role.id);
  const form = useForm<UpdateRoleInput>({ resolver: zodResolver(updateRoleSchema), defaultValues: valuesOf(role) });

  const onSubmit = form.handleSubmit(async (values) => {
    await submitWithFeedback(form.setError, FIELDS, () => update.mutateAsync({ ...values, description: values.description?.trim() || null }), { success: 'Role updated successfully!', failure: 'Failed to update role' });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Edit role">
      <Stack gap="sm">
        <RoleFields form={form} />
        <FormActions submitLabel="Save Changes" submitting={form.formState.isSubmitting} />
      </Stack>
    </form>
  );
}

/** Built-in roles cannot be deleted; a role in use is refused by the server with its reason (409). */
function DeleteRoleButton({ role }: { role: RoleDetail }) {
  const [asking, setAsking] = useState(false);
  const remove = useDeleteRole(role.id);
  const navigate = useNavigate();
  const root = useAreaRoot();
  if (role.builtin) return <Text size="sm" c="dimmed">{ROLE_MSG.builtinNotDeletable}</Text>;

  const confirm = async () => {
    try {
      await remove.mutateAsync();
      notify.success(ROLE_MSG.deleted);
      void navigate(`${root}/roles`);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to delete role'));
      setAsking(false);
    }
  };

  return (
    <>
      <Button color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setAsking(true)}>
        Delete Role
      </Button>
      <ConfirmModal
        opened={asking}
        title="Delete role?"
        message={`Are you sure you want to delete the role ${role.name}?`}
        confirmLabel="Delete"
        danger
        isWorking={remove.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
