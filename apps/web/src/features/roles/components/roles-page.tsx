import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { RoleListItem } from '@parceldesk/shared/schemas/roles';
import { DataTable } from '../../../components/data-table/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { useAreaRoot } from '../../../components/ui/use-area-root';
import { ROLES_ENDPOINT } from '../api/roles';
import { CreateRoleModal } from './create-role-modal';
import { roleColumns } from './role-columns';

/** /admin/roles and /superadmin/roles (every courier's roles, with a courier column). */
export function RolesPage() {
  const root = useAreaRoot();
  const isNetwork = root === '/superadmin';
  const [isCreating, setCreating] = useState(false);
  return (
    <Stack gap="lg">
      <PageHeader title="Roles" subtitle="A role is a named set of permissions given to staff." />
      <DataTable<RoleListItem>
        endpoint={ROLES_ENDPOINT}
        columns={roleColumns(isNetwork)}
        rowKey={(row) => row.id}
        rowHref={(row) => `${root}/roles/${row.id}`}
        exportFileName="roles"
        searchPlaceholder="Search by name or description"
        toolbar={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            Create Role
          </Button>
        }
      />
      <CreateRoleModal opened={isCreating} onClose={() => setCreating(false)} chooseCourier={isNetwork} />
    </Stack>
  );
}
