import { Controller, type UseFormReturn } from 'react-hook-form';
import { Stack, Textarea, TextInput } from '@mantine/core';
import type { UpdateRoleInput } from '@parceldesk/shared/schemas/roles';
import { PermissionMatrix } from './permission-matrix';

/** Name, description and the permission matrix, shared by create and edit. */
export function RoleFields<T extends UpdateRoleInput>({ form }: { form: UseFormReturn<T> }) {
  const f = form as unknown as UseFormReturn<UpdateRoleInput>;
  const { errors } = f.formState;
  return (
    <Stack gap="sm">
      <TextInput label="Role Name" required data-autofocus error={errors.name?.message} {...f.register('name')} />
      <Textarea label="Description" autosize minRows={2} error={errors.description?.message} {...f.register('description')} />
      <Controller
        control={f.control}
        name="permissions"
        render={({ field, fieldState }) => (
          <Stack gap={4} role="group" aria-labelledby="permissions-heading">
            <div id="permissions-heading" style={{ fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)' }}>
              Permissions
            </div>
            <PermissionMatrix value={field.value ?? []} onChange={field.onChange} error={fieldState.error?.message} />
          </Stack>
        )}
      />
    </Stack>
  );
}
