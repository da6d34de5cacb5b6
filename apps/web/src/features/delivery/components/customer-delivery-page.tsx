import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { DELIVERY_STATUS_LABELS } from '@parceldesk/shared/domain/delivery';
import type { DeliveryRequest, DeliveryRequestListItem, deliveryRequestListColumns } from '@parceldesk/shared/schemas/delivery';
import { DataTable } from '../../../components/data-table/data-table';
import type { ListTableColumns } from '../../../components/data-table/types';
import { formatDate } from '../../../components/ui/format-date';
import { formatJmd } from '../../../components/ui/format-money';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { DELIVERY_REQUESTS_ENDPOINT, useDeliveryAction } from '../api/delivery';
import { DeliveryStatusBadge } from './delivery-request-detail';
import { DeliveryRequestModal } from './delivery-request-modal';
import { RequestDeliveryForm } from './request-delivery-form';

const columns: ListTableColumns<DeliveryRequestListItem, typeof deliveryRequestListColumns> = [
  { field: 'requestNumber', label: 'Request', sortable: true, filterable: true },
  { field: 'status', label: 'Status', sortable: true, filterable: true, render: (row) => <DeliveryStatusBadge status={row.status} />, exportValue: (row) => DELIVERY_STATUS_LABELS[row.status] },
  { field: 'locationName', label: 'Location', sortable: true, filterable: true, render: (row) => `${row.locationName}, ${row.parish}` },
  { field: 'preferredDate', label: 'Preferred date', sortable: true, render: (row) => formatDate(row.preferredDate) },
  { field: 'scheduledDate', label: 'Scheduled', sortable: true, render: (row) => (row.scheduledDate ? formatDate(row.scheduledDate) : 'Not yet'), exportValue: (row) => row.scheduledDate ?? '' },
  { field: 'feeCents', label: 'Fee', sortable: true, filterable: true, render: (row) => formatJmd(row.feeCents), exportValue: (row) => row.feeCents / 100 },
];

function CancelRequest({ request }: { request: DeliveryRequest }) {
  const action = useDeliveryAction(request.id);
  if (request.status !== 'requested') return null;
  return (
    <Group>
      <Button color="red" variant="light" loading={action.isPending} onClick={() => action.mutate({ kind: 'cancel' }, {
        onSuccess: (answer) => notify.success(answer.message),
        onError: (problem) => notify.error(errorMessage(problem, 'Could not cancel the request')),
      })}>Cancel request</Button>
    </Group>
  );
}

/** /customer/delivery-requests: the customer's requests with each step, a form to request delivery of ready parcels, cancel until scheduled. */
export function CustomerDeliveryPage({ defaultPhone = '', defaultAddress = '' }: { defaultPhone?: string; defaultAddress?: string }) {
  const [requesting, setRequesting] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <Stack gap="lg">
      <PageHeader title="Delivery Requests" subtitle="Have parcels that are ready for pickup brought to your door"
        actions={requesting ? null : <Button onClick={() => setRequesting(true)}>Request delivery</Button>} />
      {requesting && <RequestDeliveryForm onDone={() => setRequesting(false)} defaultPhone={defaultPhone} defaultAddress={defaultAddress} />}
      <DataTable<DeliveryRequestListItem>
        endpoint={DELIVERY_REQUESTS_ENDPOINT}
        columns={columns}
        rowKey={(row) => row.id}
        onRowClick={(row) => setOpenId(row.id)}
        title="Your delivery requests"
        searchPlaceholder="Search by request, address or phone"
      />
      <DeliveryRequestModal id={openId} onClose={() => setOpenId(null)} actions={(request) => <CancelRequest request={request} />} />
    </Stack>
  );
}
