import { useEffect } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { MultiSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { ROLE_LABELS, type HireableRole } from '@parceldesk/shared/roles';
import type { UpdateStaffInput } from '@parceldesk/shared/schemas/staff';
import { FormNativeSelect, type SelectOption } from '../../../components/ui/form-native-select';
import { useBranchOptions } from '../../../components/ui/option-queries';
import { rolesForPosition, useRoleOptions, type RoleOption } from '../api/role-options';
import { permissionChoices } from './permission-choices';

export interface StaffFieldLimits {
  /** Positions the signed-in user may give: a branch manager hires staff only. */
  positions: readonly HireableRole[];
  /**
   * Staff-side managers cannot list the courier's roles and branches (admin endpoints): they hire
   * into their own branch (`branch`) with the built-in role unless the person already has one.
   */
  canPickRoleAndBranch: boolean;
  /** A branch manager's own branch: the only one they may hire into. */
  branch?: SelectOption | null;
  /** Extra permissions the signed-in user may grant (they cannot grant what they do not hold). */
  grantable: readonly string[];
}

interface StaffFieldsProps<T extends UpdateStaffInput> {
  form: UseFormReturn<T>;
  limits: StaffFieldLimits;
  /** The courier whose roles and branches are offered (a super admin editing someone); else the user's own. */
  courierId?: string | null;
}

const roleLabel = (role: RoleOption) => (role.builtin ? `${role.name} (built-in)` : role.name);

/** Names, email, position, role, branch and extra permissions, shared by Add Staff and the edit form. */
export function StaffFields<T extends UpdateStaffInput>({ form: typed, limits, courierId }: StaffFieldsProps<T>) {
  const form = typed as unknown as UseFormReturn<UpdateStaffInput>;
  const { errors } = form.formState;
  const position = useWatch({ control: form.control, name: 'role' });
  const roleId = useWatch({ control: form.control, name: 'roleId' });
  const roles = useRoleOptions(courierId, limits.canPickRoleAndBranch);
  const branches = useBranchOptions({ courierId, enabled: limits.canPickRoleAndBranch });
  const fitting = rolesForPosition(roles.data ?? [], position);

  // A built-in role belongs to one position: a new hire starts on their position's built-in role,
  // and switching position moves off a built-in role of the other one (the server also falls back
  // to the position's built-in role when none is named).
  useEffect(() => {
    if (!roles.data) return;
    const current = roles.data.find((role) => role.id === roleId);
    const fits = current !== undefined && (current.builtin === null || current.builtin === position);
    if (fits) return;
    const builtin = roles.data.find((role) => role.builtin === position);
    form.setValue('roleId', builtin?.id ?? null, { shouldDirty: true });
  }, [position, roleId, roles.data, form]);

  const branchOptions = limits.canPickRoleAndBranch ? (branches.data ?? []) : limits.branch ? [limits.branch] : [];
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="First Name" autoComplete="off" required data-autofocus error={errors.firstName?.message} {...form.register('firstName')} />
        <TextInput label="Last Name" autoComplete="off" required error={errors.lastName?.message} {...form.register('lastName')} />
      </SimpleGrid>
      <TextInput label="Email" type="email" autoComplete="off" required error={errors.email?.message} {...form.register('email')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <FormNativeSelect
          control={form.control}
          name="role"
          label="Position"
          required
          options={limits.positions.map((value) => ({ value, label: ROLE_LABELS[value] }))}
        />
        {limits.canPickRoleAndBranch ? (
          <FormNativeSelect
            control={form.control}
            name="roleId"
            label="Role"
            description="Built-in roles fit their own position; custom roles fit either"
            placeholder={roles.isPending ? 'Loading roles…' : undefined}
            options={fitting.map((role) => ({ value: role.id, label: roleLabel(role) }))}
          />
        ) : null}
      </SimpleGrid>
      <FormNativeSelect
        control={form.control}
        name="branchId"
        label="Branch"
        emptyAsNull
        placeholder={!limits.canPickRoleAndBranch ? undefined : branches.isPending ? 'Loading branches…' : 'No branch'}
        options={branchOptions}
      />
      <Controller
        control={form.control}
        name="permissions"
        render={({ field, fieldState }) => (
          <MultiSelect
            label="Extra Permissions"
            description="On top of the role's permissions"
            placeholder="Add permissions"
            searchable
            clearable
            comboboxProps={{ keepMounted: false }}
            data={permissionChoices(limits.grantable)}
            ref={field.ref}
            value={field.value ?? []}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
    </Stack>
  );
}
