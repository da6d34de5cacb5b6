import { Badge } from '@mantine/core';
import { TICKET_STATUS_LABELS, type TicketStatus } from '@parceldesk/shared/domain/ticket-status';
import { ticketStatusColor } from '@parceldesk/shared/schemas/tickets';

/** The Mantine colour of a status (spec section 4): Pending yellow, In Progress blue, Resolved green, others grey. */
export function statusBadgeColor(status: string): 'yellow' | 'blue' | 'green' | 'gray' {
  const color = ticketStatusColor(status);
  return color === 'grey' ? 'gray' : color;
}

export const statusLabel = (status: string) => TICKET_STATUS_LABELS[status as TicketStatus] ?? status;

export function TicketStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={statusBadgeColor(status)} variant="light" data-status={status} style={{ minWidth: 'max-content' }}>
      {statusLabel(status)}
    </Badge>
  );
}
