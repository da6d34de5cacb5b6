import { useNavigate } from 'react-router';
import { Button, Stack } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import type { Notification } from '@parceldesk/shared/schemas/notifications';
import { DataTable } from '../../../components/data-table/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { NOTIFICATIONS_ENDPOINT, useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/notifications';
import { notificationColumns } from './notification-columns';
import { safeAppPath } from './notification-link';

/** /admin/notifications and /superadmin/notifications (issue 5): what the user was told, read or not. */
export function NotificationsPage() {
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();

  const open = async (notification: Notification) => {
    if (!notification.readAt) {
      try {
        await markRead.mutateAsync(notification.id);
      } catch (error) {
        notify.error(errorMessage(error, 'Failed to mark the notification as read'));
      }
    }
    const path = safeAppPath(notification.link);
    if (path) navigate(path);
  };

  const readAll = async () => {
    try {
      const { updated } = await markAll.mutateAsync();
      notify.success(updated === 1 ? '1 notification marked as read' : `${updated} notifications marked as read`);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to mark notifications as read'));
    }
  };

  return (
    <Stack gap="lg">
      <PageHeader title="Notifications" />
      <DataTable<Notification>
        endpoint={NOTIFICATIONS_ENDPOINT}
        columns={notificationColumns}
        rowKey={(row) => row.id}
        onRowClick={(row) => void open(row)}
        title="My notifications"
        searchPlaceholder="Search notifications"
        toolbar={
          <Button variant="light" leftSection={<IconChecks size={16} aria-hidden />} loading={markAll.isPending} onClick={() => void readAll()}>
            Mark all as read
          </Button>
        }
      />
    </Stack>
  );
}
