import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack } from '@mantine/core';
import { updateStaffSchema, type StaffDetail, type UpdateStaffInput } from '@parceldesk/shared/schemas/staff';
import { errorMessage } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { notify } from '../../../lib/toast';
import { useUpdateStaff } from '../api/staff';
import { StaffFields, type StaffFieldLimits } from './staff-fields';

const FIELDS = ['firstName', 'lastName', 'email', 'role', 'roleId', 'branchId', 'permissions'] as const;

const valuesOf = (member: StaffDetail): UpdateStaffInput => ({
  firstName: member.firstName,
  lastName: member.lastName,
  email: member.email,
  role: member.role === 'courier_admin' ? 'branch_manager' : member.role,
  roleId: member.roleId,
  branchId: member.branchId,
  permissions: member.permissions,
});

export function StaffEditForm({ member, limits, courierId }: { member: StaffDetail; limits: StaffFieldLimits; courierId?: string }) {
  const update = useUpdateStaff(member.id);
  const form = useForm<UpdateStaffInput>({ resolver: zodResolver(updateStaffSchema), defaultValues: valuesOf(member) });
  // Keep the member's current position and extra permissions choosable even where the editor's limits are narrower.
  const shown: StaffFieldLimits = {
    ...limits,
    positions: limits.positions.includes(valuesOf(member).role) ? limits.positions : [...limits.positions, valuesOf(member).role],
    grantable: [...new Set([...limits.grantable, ...member.permissions])],
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ ...values, roleId: values.roleId ?? null });
      notify.success('Staff member updated successfully!');
    } catch (error) {
      applyFieldErrors(error, FIELDS, form.setError);
      notify.error(errorMessage(error, 'Failed to update staff member'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Edit staff member">
      <Stack gap="sm">
        <StaffFields form={form} limits={shown} courierId={courierId} />
        <Group justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
