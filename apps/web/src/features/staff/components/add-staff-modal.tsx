import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, Stack, Text } from '@mantine/core';
import { staffRegisterSchema, type StaffRegisterInput } from '@parceldesk/shared/schemas/auth';
import { FormActions } from '../../../components/ui/form-actions';
import { submitWithFeedback } from '../../../lib/submit-with-feedback';
import { useRegisterStaff } from '../api/staff';
import { StaffFields, type StaffFieldLimits } from './staff-fields';

const FIELDS = ['firstName', 'lastName', 'email', 'role', 'roleId', 'branchId', 'permissions'] as const;

interface AddStaffModalProps {
  opened: boolean;
  onClose: () => void;
  limits: StaffFieldLimits;
}

export function AddStaffModal({ opened, onClose, limits }: AddStaffModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add Staff" centered size="lg">
      {opened ? <AddStaffForm limits={limits} onDone={onClose} /> : null}
    </Modal>
  );
}

function AddStaffForm({ limits, onDone }: { limits: StaffFieldLimits; onDone: () => void }) {
  const register = useRegisterStaff();
  const form = useForm<StaffRegisterInput>({
    resolver: zodResolver(staffRegisterSchema),
    defaultValues: {
      firstName: '', lastName: '', email: '',
      role: limits.positions[limits.positions.length - 1] ?? 'staff',
      // undefined until the roles load: the form then picks the position's built-in role.
      roleId: undefined,
      branchId: limits.branch?.value ?? null,
      permissions: [],
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    const added = await submitWithFeedback(
      form.setError, FIELDS,
      async () => {
        await register.mutateAsync({ ...values, roleId: values.roleId ?? null });
        return true;
      },
      {
        success: `${values.firstName} ${values.lastName} added. An invitation to set a password was sent to ${values.email}.`,
        failure: 'Failed to add staff member',
      },
    );
    if (added) onDone();
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add staff">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          They will receive an email with a link to choose their password.
        </Text>
        <StaffFields form={form} limits={limits} />
        <FormActions submitLabel="Add Staff" onCancel={onDone} submitting={form.formState.isSubmitting} />
      </Stack>
    </form>
  );
}
