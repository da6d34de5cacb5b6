import { useEffect, useState } from 'react';
import { Badge, Group, Image, List, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  DELIVERY_STATUS_LABELS, DELIVERY_WINDOW_LABELS, deliveryStatusColor, type DeliveryStatus,
} from '@parceldesk/shared/domain/delivery';
import type { DeliveryRequest } from '@parceldesk/shared/schemas/delivery';
import { DetailList } from '../../../components/ui/detail-list';
import { formatDate, formatDateTime } from '../../../components/ui/format-date';
import { formatJmd } from '../../../components/ui/format-money';
import { deliveryProofQuery } from '../api/delivery';

const COLORS = { grey: 'gray', blue: 'blue', green: 'teal', yellow: 'yellow', red: 'red' } as const;

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  return <Badge color={COLORS[deliveryStatusColor(status)]} variant="light">{DELIVERY_STATUS_LABELS[status]}</Badge>;
}

/** The signature or photo kept as proof of delivery, fetched with the session and shown inline. */
function ProofImage({ id, kind }: { id: string; kind: 'photo' | 'signature' }) {
  const blob = useQuery(deliveryProofQuery(id, kind));
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data) return undefined;
    const objectUrl = URL.createObjectURL(blob.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob.data]);
  const alt = kind === 'photo' ? 'Photo of the delivery' : "Recipient's signature";
  if (blob.isError) return <Text size="sm" c="red">{`${alt}: could not be loaded`}</Text>;
  return url ? <Image src={url} alt={alt} mah={320} maw="100%" w="auto" fit="contain" radius="sm" /> : <Text size="sm" c="dimmed">{`Loading ${alt.toLowerCase()}…`}</Text>;
}

/** What a request is, for the customer and for staff: where, when, who, what, how much, and every step so far. */
export function DeliveryRequestDetail({ request }: { request: DeliveryRequest }) {
  const when = request.scheduledDate && request.timeWindow ? `${formatDate(request.scheduledDate)}, ${DELIVERY_WINDOW_LABELS[request.timeWindow]}` : 'Not scheduled yet';
  return (
    <Stack gap="md">
      <Group gap="sm">
        <Title order={3}>{request.requestNumber}</Title>
        <DeliveryStatusBadge status={request.status} />
      </Group>
      <DetailList items={[
        { label: 'Customer', value: `${request.customerName} (${request.mailboxNumber})` },
        { label: 'Address', value: `${request.address}, ${request.locationName}, ${request.parish}` },
        { label: 'Phone', value: request.phone },
        { label: 'Preferred date', value: formatDate(request.preferredDate) },
        { label: 'Scheduled', value: when },
        { label: 'Driver', value: request.driverName ? `${request.driverName}${request.stopOrder ? ` (stop ${request.stopOrder})` : ''}` : 'Not assigned' },
        { label: 'Delivery fee', value: `${formatJmd(request.feeCents)}${request.feeInvoiceNumber ? ` on invoice ${request.feeInvoiceNumber}` : request.status === 'requested' ? ' (charged when scheduled)' : ' (pending)'}` },
        { label: 'Amount due', value: formatJmd(request.amountDueCents) },
        ...(request.recipientName ? [{ label: 'Received by', value: `${request.recipientName}${request.deliveredAt ? `, ${formatDateTime(request.deliveredAt)}` : ''}` }] : []),
        ...(request.paymentNumber ? [{ label: 'Collected', value: `${formatJmd(request.collectedCents)} (payment ${request.paymentNumber})` }] : []),
        ...(request.failureReason ? [{ label: 'Not delivered', value: request.failureReason }] : []),
        ...(request.rejectionReason ? [{ label: 'Rejected', value: request.rejectionReason }] : []),
        ...(request.notes ? [{ label: 'Notes', value: request.notes }] : []),
      ]} />
      {(request.hasPhoto || request.hasSignature) && (
        <div>
          <Title order={4} mb="xs">Proof of delivery</Title>
          <Group align="flex-start" gap="md" wrap="wrap">
            {request.hasPhoto && <ProofImage id={request.id} kind="photo" />}
            {request.hasSignature && <ProofImage id={request.id} kind="signature" />}
          </Group>
        </div>
      )}
      <div>
        <Title order={4} mb="xs">Parcels</Title>
        <Table.ScrollContainer minWidth={320}>
          <Table aria-label="Parcels on this delivery">
            <Table.Thead><Table.Tr><Table.Th>Package</Table.Th><Table.Th>Description</Table.Th><Table.Th>Invoice</Table.Th><Table.Th>Due</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {request.parcels.map((parcel) => (
                <Table.Tr key={parcel.id}>
                  <Table.Td>{parcel.packageNumber}</Table.Td>
                  <Table.Td>{parcel.description ?? ''}</Table.Td>
                  <Table.Td>{parcel.invoiceNumber ?? 'Not invoiced'}</Table.Td>
                  <Table.Td>{formatJmd(parcel.balanceCents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </div>
      <div>
        <Title order={4} mb="xs">History</Title>
        <List spacing={4} size="sm" aria-label="History">
          {request.history.map((event) => (
            <List.Item key={event.id}>
              <Text span fw={600}>{DELIVERY_STATUS_LABELS[event.toStatus]}</Text>
              <Text span c="dimmed">{` ${formatDateTime(event.createdAt)}${event.actorName ? ` by ${event.actorName}` : ''}`}</Text>
              {event.note ? <Text span>{`: ${event.note}`}</Text> : null}
            </List.Item>
          ))}
        </List>
      </div>
    </Stack>
  );
}
