import { useState } from 'react';
import { Alert, Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ACCESS } from '@parceldesk/shared/access';
import { DELIVERY_STATUS_LABELS, DELIVERY_WINDOW_LABELS } from '@parceldesk/shared/domain/delivery';
import type { DeliveryRequestListItem, deliveryRequestListColumns } from '@parceldesk/shared/schemas/delivery';
import { DataTable } from '../../../components/data-table/data-table';
import type { ListTableColumns } from '../../../components/data-table/types';
import { formatDate } from '../../../components/ui/format-date';
import { formatJmd } from '../../../components/ui/format-money';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useCanAccess } from '../../../lib/use-access';
import { DELIVERY_REQUESTS_ENDPOINT, driversQuery, openRunSheet } from '../api/delivery';
import { DeliveryStatusBadge } from './delivery-request-detail';
import { DeliveryRequestModal } from './delivery-request-modal';
import { DeliveryStaffActions } from './delivery-staff-actions';

export const deliveryRequestColumns: ListTableColumns<DeliveryRequestListItem, typeof deliveryRequestListColumns> = [
  { field: 'requestNumber', label: 'Request', sortable: true, filterable: true },
  { field: 'status', label: 'Status', sortable: true, filterable: true, render: (row) => <DeliveryStatusBadge status={row.status} />, exportValue: (row) => DELIVERY_STATUS_LABELS[row.status] },
  { field: 'customerName', label: 'Customer', sortable: true, filterable: true },
  { field: 'locationName', label: 'Location', sortable: true, filterable: true, render: (row) => `${row.locationName}, ${row.parish}` },
  { field: 'preferredDate', label: 'Preferred date', sortable: true, render: (row) => formatDate(row.preferredDate) },
  {
    field: 'scheduledDate', label: 'Scheduled', sortable: true,
    render: (row) => (row.scheduledDate && row.timeWindow ? `${formatDate(row.scheduledDate)} ${DELIVERY_WINDOW_LABELS[row.timeWindow]}` : 'Not yet'), exportValue: (row) => row.scheduledDate ?? '',
  },
  { field: 'driverName', label: 'Driver', sortable: true, filterable: true, render: (row) => row.driverName ?? 'Not assigned', exportValue: (row) => row.driverName ?? '' },
  { field: 'feeCents', label: 'Fee', sortable: true, filterable: true, render: (row) => formatJmd(row.feeCents), exportValue: (row) => row.feeCents / 100 },
];

function RunSheet() {
  const drivers = useQuery(driversQuery());
  const [date, setDate] = useState(() => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Jamaica' }));
  const [driverId, setDriverId] = useState('');
  const [busy, setBusy] = useState(false);
  const print = async () => {
    setBusy(true);
    try {
      await openRunSheet(date, driverId || null);
      notify.success('Run sheet ready');
    } catch (error) {
      notify.error(errorMessage(error, 'Could not make the run sheet'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group align="flex-end" wrap="wrap" gap="sm" role="group" aria-label="Run sheet">
      <TextInput type="date" label="Run date" value={date} onChange={(e) => setDate(e.currentTarget.value)} />
      <NativeSelect label="Run sheet driver" value={driverId} onChange={(e) => setDriverId(e.currentTarget.value)}
        data={[{ value: '', label: 'All drivers' }, ...(drivers.data?.drivers ?? []).map((d) => ({ value: d.id, label: d.name }))]} />
      <Button variant="light" onClick={() => void print()} loading={busy}>Print run sheet</Button>
    </Group>
  );
}

/** /admin/delivery-requests ("Packages Delivery Request") and /staff/delivery-requests (delivery_requests_view). */
export function DeliveryRequestsPage() {
  const canAccess = useCanAccess();
  const [openId, setOpenId] = useState<string | null>(null);
  if (!canAccess(ACCESS.deliveryRequestsView)) {
    return (
      <Alert color="yellow" title="No access to this screen">
        You need the &quot;View delivery requests&quot; permission. Ask your administrator if you need it.
      </Alert>
    );
  }
  const canManage = canAccess(ACCESS.deliveryRequestsManage);
  return (
    <Stack gap="lg">
      <PageHeader title="Packages Delivery Request" subtitle="Customers' delivery requests: schedule them, assign a driver, print the run sheet and record each delivery" />
      {canManage && <RunSheet />}
      <DataTable<DeliveryRequestListItem>
        endpoint={DELIVERY_REQUESTS_ENDPOINT}
        columns={deliveryRequestColumns}
        rowKey={(row) => row.id}
        onRowClick={(row) => setOpenId(row.id)}
        title="Delivery requests"
        exportFileName="delivery-requests"
        searchPlaceholder="Search by request, customer, address or phone"
      />
      <DeliveryRequestModal id={openId} onClose={() => setOpenId(null)} actions={(request) => (canManage ? <DeliveryStaffActions request={request} /> : null)} />
    </Stack>
  );
}
