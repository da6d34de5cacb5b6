import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TicketSettings } from '@parceldesk/shared/schemas/tickets';
import { api } from '../../../lib/api-client';

const TICKET_SETTINGS_KEY = ['tickets', 'settings'] as const;

/** GET /tickets/settings: the courier's departments and the new-ticket email switch (admins). */
export const useTicketSettings = (enabled: boolean) =>
  useQuery({
    queryKey: TICKET_SETTINGS_KEY,
    queryFn: ({ signal }) => api<TicketSettings>('/tickets/settings', { signal }),
    enabled,
  });

/** PUT /tickets/settings replaces the department list; the New Ticket form's list follows. */
export function useSaveTicketSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: TicketSettings) => api<TicketSettings>('/tickets/settings', { method: 'PUT', body: settings }),
    onSuccess: (saved) => {
      client.setQueryData(TICKET_SETTINGS_KEY, saved);
      void client.invalidateQueries({ queryKey: ['tickets', 'departments'] });
    },
  });
}
