import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@parceldesk/shared/contract';
import type { TicketStatus } from '@parceldesk/shared/domain/ticket-status';
import type { TicketDetail, TicketListItem } from '@parceldesk/shared/schemas/tickets';
import { dataTableQueryKey } from '../../../components/data-table/use-table-data';
import { api } from '../../../lib/api-client';
import { TICKET_COUNTS_KEY } from '../../../lib/ticket-counts';

/** Staff-side list (list convention; the super admin's spans couriers). */
export const STAFF_TICKETS_ENDPOINT = '/tickets';
/** The signed-in customer's own tickets (list convention). */
export const MY_TICKETS_ENDPOINT = '/tickets/mine';

const ticketPath = (id: string) => `/tickets/${encodeURIComponent(id)}`;

/** Opening a conversation marks it read on the server: the counts and lists change with it. */
async function readTicket(client: QueryClient, path: string, signal: AbortSignal): Promise<TicketDetail> {
  const ticket = await api<TicketDetail>(path, { signal });
  void client.invalidateQueries({ queryKey: TICKET_COUNTS_KEY });
  return ticket;
}

export const ticketQuery = (client: QueryClient, id: string) =>
  queryOptions({
    queryKey: ['tickets', 'detail', id],
    queryFn: ({ signal }) => readTicket(client, ticketPath(id), signal),
  });

/**
 * A ticket by its readable number (the ?ticket=NO of the lists and the bell). Numbers repeat
 * across couriers, so the super admin may name the courier.
 */
export const ticketByNumberQuery = (client: QueryClient, ticketNo: string, courierId?: string | null) =>
  queryOptions({
    queryKey: ['tickets', 'by-number', ticketNo, courierId ?? null],
    queryFn: ({ signal }) => {
      const query = courierId ? `?courierId=${encodeURIComponent(courierId)}` : '';
      return readTicket(client, `/tickets/by-number/${encodeURIComponent(ticketNo)}${query}`, signal);
    },
  });

export function useTicket(id: string) {
  const client = useQueryClient();
  return useQuery(ticketQuery(client, id));
}

export function useTicketByNumber(ticketNo: string | null, courierId?: string | null) {
  const client = useQueryClient();
  return useQuery({ ...ticketByNumberQuery(client, ticketNo ?? '', courierId), enabled: !!ticketNo });
}

/** GET /tickets/departments: the courier's department list for the New Ticket form. */
export const useDepartments = (enabled = true) =>
  useQuery({
    queryKey: ['tickets', 'departments'],
    queryFn: ({ signal }) => api<ResponseOf<'GET /tickets/departments'>>('/tickets/departments', { signal }),
    select: (response) => response.data,
    enabled,
  });

/** Text fields as JSON, or multipart with the files in `attachments` when there are any. */
export function ticketBody(fields: Record<string, string>, attachments: readonly File[]): FormData | Record<string, string> {
  if (attachments.length === 0) return fields;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of attachments) form.append('attachments', file, file.name);
  return form;
}

/** Every screen that shows tickets is refreshed after a change. */
function refreshAfterChange(client: QueryClient, ticket?: TicketDetail) {
  if (ticket) {
    client.setQueryData(['tickets', 'detail', ticket.id], ticket);
  }
  void client.invalidateQueries({ queryKey: ['tickets'] });
  void client.invalidateQueries({ queryKey: dataTableQueryKey(STAFF_TICKETS_ENDPOINT) });
  void client.invalidateQueries({ queryKey: dataTableQueryKey(MY_TICKETS_ENDPOINT) });
  void client.invalidateQueries({ queryKey: TICKET_COUNTS_KEY });
}

export interface NewTicket {
  subject: string;
  department: string;
  message: string;
  attachments: File[];
}

export function useCreateTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ attachments, ...fields }: NewTicket) => api<TicketDetail>('/tickets', { method: 'POST', body: ticketBody(fields, attachments) }),
    onSuccess: (ticket) => refreshAfterChange(client, ticket),
  });
}

export function useReplyToTicket(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ message, attachments }: { message: string; attachments: File[] }) =>
      api<TicketDetail>(`${ticketPath(id)}/messages`, { method: 'POST', body: ticketBody({ message }, attachments) }),
    onSuccess: (ticket) => refreshAfterChange(client, ticket),
  });
}

export function useChangeTicketStatus(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (status: TicketStatus) => api<TicketDetail>(`${ticketPath(id)}/status`, { method: 'PUT', body: { status } }),
    onSuccess: (ticket) => refreshAfterChange(client, ticket),
  });
}

export type { TicketListItem };
