import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@parceldesk/shared/contract';
import type { Notification } from '@parceldesk/shared/schemas/notifications';
import { dataTableQueryKey } from '../../../components/data-table/use-table-data';
import { api } from '../../../lib/api-client';
import { NOTIFICATION_COUNTS_KEY } from '../../../lib/notification-counts';

/** The signed-in user's own notifications (list convention), newest first. */
export const NOTIFICATIONS_ENDPOINT = '/notifications';

function useRefreshNotifications() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: dataTableQueryKey(NOTIFICATIONS_ENDPOINT) });
    // The header bell counts them too.
    void client.invalidateQueries({ queryKey: NOTIFICATION_COUNTS_KEY });
  };
}

export function useMarkNotificationRead() {
  const refresh = useRefreshNotifications();
  return useMutation({
    mutationFn: (id: string) => api<Notification>(`${NOTIFICATIONS_ENDPOINT}/${encodeURIComponent(id)}/read`, { method: 'PUT' }),
    onSuccess: refresh,
  });
}

export function useMarkAllNotificationsRead() {
  const refresh = useRefreshNotifications();
  return useMutation({
    mutationFn: () => api<ResponseOf<'PUT /notifications/read-all'>>(`${NOTIFICATIONS_ENDPOINT}/read-all`, { method: 'PUT' }),
    onSuccess: refresh,
  });
}
