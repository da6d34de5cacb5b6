import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ActionIcon, Box, Indicator, Loader, Menu, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_TYPE_LABELS, type Notification, type NotificationType } from '@parceldesk/shared/schemas/notifications';
import { useAuth } from '../../lib/auth-context';
import { dataTableQueryKey } from '../data-table/use-table-data';
import {
  markNotificationRead, NOTIFICATION_COUNTS_KEY, notificationsPathFor, safeAppPath, unreadNotificationCountQuery, unreadNotificationsQuery,
} from '../../lib/notification-counts';
import { bellBadgeLabel } from '../../lib/ticket-counts';

const typeLabel = (type: string) => NOTIFICATION_TYPE_LABELS[type as NotificationType] ?? type;

/**
 * The header bell of every area (issue 14): the signed-in person's unread in-app notifications of
 * every type (tickets, parcels, invoices, payments, deliveries, claims), the count capped 99+,
 * refreshed live by the `notifications` event (lib/live-events.ts). Opening one marks it read and
 * follows its link; "See all" opens the area's notifications page. The Support Tickets sidebar
 * badge keeps counting unread tickets (lib/ticket-counts.ts).
 */
export function NotificationBell() {
  const { role } = useAuth();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [isOpen, setOpen] = useState(false);
  const count = useQuery(unreadNotificationCountQuery()).data ?? 0;
  const unread = useQuery({ ...unreadNotificationsQuery(), enabled: isOpen });
  const items = unread.data ?? [];
  const label = count > 0 ? `Notifications, ${bellBadgeLabel(count)} unread` : 'Notifications';

  const refresh = () => {
    void client.invalidateQueries({ queryKey: NOTIFICATION_COUNTS_KEY });
    void client.invalidateQueries({ queryKey: dataTableQueryKey('/notifications') });
  };

  const open = async (notification: Notification) => {
    try {
      await markNotificationRead(notification.id);
    } catch (error) {
      // Following the link matters more than the read mark; the count stays as it was.
      console.error('Could not mark the notification as read', error);
    }
    refresh();
    const path = safeAppPath(notification.link);
    if (path) navigate(path);
  };

  return (
    <Menu opened={isOpen} onChange={setOpen} position="bottom-end" width={320} shadow="md" withinPortal>
      <Menu.Target>
        {/* The visible count is part of the accessible name (WCAG 2.5.3, label in name). */}
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} title={label} style={{ overflow: 'visible' }}>
          <Indicator label={bellBadgeLabel(count)} disabled={count === 0} size={18} color="red" offset={2} inline data-testid="bell-count">
            <IconBell size={22} aria-hidden />
          </Indicator>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Unread notifications</Menu.Label>
        {unread.isPending ? (
          <Box px="sm" py="xs">
            <Loader size="xs" aria-label="Loading unread notifications" />
          </Box>
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed" px="sm" py="xs">
            No unread notifications
          </Text>
        ) : (
          items.map((notification) => (
            <Menu.Item key={notification.id} aria-label={`${typeLabel(notification.type)}: ${notification.title}`} onClick={() => void open(notification)}>
              <Text size="xs" c="dimmed" component="span" display="block">
                {typeLabel(notification.type)}
              </Text>
              <Text size="sm" fw={600} lineClamp={1} component="span" display="block">
                {notification.title}
              </Text>
              <Text size="xs" lineClamp={2} component="span" display="block">
                {notification.body}
              </Text>
            </Menu.Item>
          ))
        )}
        {count > items.length && unread.data ? (
          <Text size="xs" c="dimmed" px="sm" pb="xs">
            {`and ${count - items.length} more`}
          </Text>
        ) : null}
        <Menu.Divider />
        <Menu.Item c="blue" fw={500} onClick={() => navigate(notificationsPathFor(role))}>
          See all
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
