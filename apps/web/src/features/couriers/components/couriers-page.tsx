import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { NetworkCourierListItem } from '@parceldesk/shared/schemas/people';
import { DataTable } from '../../../components/data-table/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { COURIERS_ENDPOINT } from '../api/couriers';
import { courierColumns } from './courier-columns';
import { CreateCourierModal } from './create-courier-modal';

/** /superadmin/couriers: every courier company of the network. */
export function CouriersPage() {
  const [isCreating, setCreating] = useState(false);
  return (
    <Stack gap="lg">
      <PageHeader title="Couriers" subtitle="The courier companies of the network" />
      <DataTable<NetworkCourierListItem>
        endpoint={COURIERS_ENDPOINT}
        columns={courierColumns}
        rowKey={(row) => row.id}
        rowHref={(row) => `/superadmin/couriers/${row.id}`}
        exportFileName="couriers"
        searchPlaceholder="Search by name, code or email"
        toolbar={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            Create Courier
          </Button>
        }
      />
      <CreateCourierModal opened={isCreating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
