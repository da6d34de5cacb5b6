import { Checkbox, Fieldset, SimpleGrid, Stack, Text } from '@mantine/core';
import { moduleState, permissionGroups, setModule, togglePermission } from './permission-groups';

interface PermissionMatrixProps {
  value: readonly string[];
  onChange: (next: string[]) => void;
  disabled?: boolean;
  error?: string;
}

const GROUPS = permissionGroups();

/**
 * A role's permissions as a matrix grouped by module (issue 3): a fieldset per module, named by its
 * legend, with a "select all" box for modules that hold more than one permission.
 */
export function PermissionMatrix({ value, onChange, disabled = false, error }: PermissionMatrixProps) {
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {GROUPS.map((group) => {
          const names = group.permissions.map((p) => p.name);
          const state = moduleState(value, names);
          return (
            <Fieldset key={group.module} legend={group.label} variant="filled" disabled={disabled} p="sm">
              <Stack gap={6}>
                {names.length > 1 ? (
                  <Checkbox
                    label={<Text size="sm" fw={600} span>Select all</Text>}
                    aria-label={`Select all ${group.label} permissions`}
                    checked={state === 'all'}
                    indeterminate={state === 'some'}
                    onChange={(event) => onChange(setModule(value, names, event.currentTarget.checked))}
                  />
                ) : null}
                {group.permissions.map((permission) => (
                  <Checkbox
                    key={permission.name}
                    label={permission.label}
                    value={permission.name}
                    checked={value.includes(permission.name)}
                    onChange={(event) => onChange(togglePermission(value, permission.name, event.currentTarget.checked))}
                  />
                ))}
              </Stack>
            </Fieldset>
          );
        })}
      </SimpleGrid>
      {error ? <Text c="red" size="sm" role="alert">{error}</Text> : null}
    </Stack>
  );
}
