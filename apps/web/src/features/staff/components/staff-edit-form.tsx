import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack } from '@mantine/core';
import { FormActions } from '../../../components/ui/form-actions';
import { STAFF_MSG, updateStaffSchema, type StaffDetail, type UpdateStaffInput } from '@parceldesk/shared/schemas/staff';
import { submitWithFeedback } from '../../../lib/submit-with-feedback';
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
    await submitWithFeedback(form.setError, FIELDS, () => update.mutateAsync({ ...values, roleId: values.roleId ?? null }), {
      // A new email waits for its owner's confirmation (issue 15): say so rather than claim it changed.
      success: (saved) => (saved.pendingEmail && saved.pendingEmail === values.email.toLowerCase() ? STAFF_MSG.emailChangeSent : 'Staff member updated successfully!'),
      failure: 'Failed to update staff member',
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Edit staff member">
      <Stack gap="sm">
        <StaffFields form={form} limits={shown} courierId={courierId} />
        <FormActions submitLabel="Save Changes" submitting={form.formState.isSubmitting} />
      </Stack>
    </form>
  );
}
