import { Badge, Group, Stack, Text } from '@mantine/core';
import { NOTIFICATION_TYPE_LABELS, type Notification, type notificationListColumns, type NotificationType } from '@parceldesk/shared/schemas/notifications';
import type { ListTableColumns } from '../../../components/data-table/data-table';
import { formatDateTime } from '../../../components/ui/format-date';

const typeLabel = (type: string) => NOTIFICATION_TYPE_LABELS[type as NotificationType] ?? type;

/** Unread notifications are bold with a dot and a 'New' badge; read ones are dimmed. */
function NotificationCell({ row }: { row: Notification }) {
  const isUnread = !row.readAt;
  return (
    <Stack gap={2} miw={0} data-read={isUnread ? 'false' : 'true'}>
      <Group gap={6} wrap="nowrap">
        {isUnread ? <Badge size="xs" color="red" variant="filled" style={{ flexShrink: 0 }}>New</Badge> : null}
        <Text size="sm" fw={isUnread ? 700 : 400} c={isUnread ? undefined : 'dimmed'}>
          {row.title}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" lineClamp={2}>
        {row.body}
      </Text>
    </Stack>
  );
}

export const notificationColumns: ListTableColumns<Notification, typeof notificationListColumns> = [
  { field: 'title', label: 'Notification', sortable: true, filterable: true, wrap: true, render: (row) => <NotificationCell row={row} />, exportValue: (row) => row.title },
  { field: 'type', label: 'Type', sortable: true, filterable: true, render: (row) => typeLabel(row.type), exportValue: (row) => typeLabel(row.type) },
  {
    field: 'isRead', label: 'Status', filterable: true,
    render: (row) => (row.readAt ? <Text size="sm" c="dimmed">Read</Text> : <Text size="sm" fw={600}>Unread</Text>),
    exportValue: (row) => (row.readAt ? 'Read' : 'Unread'),
  },
  { field: 'createdAt', label: 'Received (YYYY-MM-DD)', sortable: true, filterable: true, render: (row) => formatDateTime(row.createdAt), exportValue: (row) => row.createdAt },
];
