import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { StaffListItem } from '@parceldesk/shared/schemas/staff';
import { DataTable } from '../../../components/data-table/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { useAreaRoot } from '../../../components/ui/use-area-root';
import { STAFF_ENDPOINT } from '../api/staff';
import { AddStaffModal } from './add-staff-modal';
import { staffColumns } from './staff-columns';
import { useStaffLimits } from './use-staff-limits';

/** /admin/staff, /staff/staff (a branch manager sees their own branch) and /superadmin/staff (all couriers). */
export function StaffPage() {
  const root = useAreaRoot();
  const { canHire, limits } = useStaffLimits();
  const [isAdding, setAdding] = useState(false);
  return (
    <Stack gap="lg">
      <PageHeader title="Staff" />
      <DataTable<StaffListItem>
        endpoint={STAFF_ENDPOINT}
        columns={staffColumns(root === '/superadmin')}
        rowKey={(row) => row.id}
        rowHref={(row) => `${root}/staff/${row.id}`}
        exportFileName="staff"
        searchPlaceholder="Search by name or email"
        toolbar={
          canHire ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
              Add Staff
            </Button>
          ) : undefined
        }
      />
      {canHire ? <AddStaffModal opened={isAdding} onClose={() => setAdding(false)} limits={limits} /> : null}
    </Stack>
  );
}
