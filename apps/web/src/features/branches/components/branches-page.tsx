import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { BranchListItem } from '@parceldesk/shared/schemas/branches';
import { DataTable } from '../../../components/data-table/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { useAreaRoot } from '../../../components/ui/use-area-root';
import { BRANCHES_ENDPOINT } from '../api/branches';
import { branchColumns } from './branch-columns';
import { CreateBranchModal } from './create-branch-modal';

/** /admin/branches and /superadmin/branches (across all couriers, with a courier column). */
export function BranchesPage() {
  const root = useAreaRoot();
  const isNetwork = root === '/superadmin';
  const [isCreating, setCreating] = useState(false);
  return (
    <Stack gap="lg">
      <PageHeader title="Branches" subtitle={isNetwork ? 'Every branch of every courier in the network' : undefined} />
      <DataTable<BranchListItem>
        endpoint={BRANCHES_ENDPOINT}
        columns={branchColumns(isNetwork)}
        rowKey={(row) => row.id}
        rowHref={(row) => `${root}/branches/${row.id}`}
        exportFileName="branches"
        searchPlaceholder="Search by name, code, address or phone"
        toolbar={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            Create Branch
          </Button>
        }
      />
      <CreateBranchModal opened={isCreating} onClose={() => setCreating(false)} chooseCourier={isNetwork} />
    </Stack>
  );
}
