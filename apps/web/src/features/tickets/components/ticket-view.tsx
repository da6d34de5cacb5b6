import { Alert, Group, Paper, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { TICKET_MSG, type TicketDetail } from '@parceldesk/shared/schemas/tickets';
import { ReplyForm } from './reply-form';
import { StatusActions } from './status-actions';
import { formatDateTime } from '../../../components/ui/format-date';
import { TicketConversation } from './ticket-conversation';
import { TicketStatusBadge } from './ticket-status-badge';

interface TicketViewProps {
  ticket: TicketDetail;
  viewer: 'staff' | 'customer';
  /** The super admin sees tickets of every courier. */
  showCourier?: boolean;
}

/** A ticket's facts, its conversation and what the viewer may do next (reply, change status). */
export function TicketView({ ticket, viewer, showCourier = false }: TicketViewProps) {
  const customer = `${ticket.customer.firstName} ${ticket.customer.lastName}`.trim();
  return (
    <Stack gap="md">
      <Paper withBorder p="sm" radius="md">
        <Stack gap="xs">
          <Group gap="md" wrap="wrap">
            <Group gap={6}>
              <Text size="sm" c="dimmed">Status</Text>
              <TicketStatusBadge status={ticket.status} />
            </Group>
            <Text size="sm"><Text span c="dimmed">Department </Text>{ticket.department}</Text>
            {viewer === 'staff' ? (
              <Text size="sm">
                <Text span c="dimmed">Customer </Text>
                {customer}
                {ticket.customer.mailboxNumber ? ` (${ticket.customer.mailboxNumber})` : ''}
              </Text>
            ) : null}
            {showCourier ? <Text size="sm"><Text span c="dimmed">Courier </Text>{ticket.courierName}</Text> : null}
            <Text size="sm"><Text span c="dimmed">Opened </Text>{formatDateTime(ticket.createdAt)}</Text>
          </Group>
          {viewer === 'staff' ? <StatusActions ticketId={ticket.id} status={ticket.status} allowed={ticket.allowedStatuses} /> : null}
        </Stack>
      </Paper>
      <TicketConversation messages={ticket.messages} viewer={viewer} />
      {ticket.canReply ? (
        <ReplyForm key={ticket.id} ticketId={ticket.id} />
      ) : ticket.status === 'closed' ? (
        <Alert color="gray" icon={<IconLock size={18} aria-hidden />}>
          {viewer === 'customer' ? TICKET_MSG.closedCustomer : TICKET_MSG.closedStaff}
        </Alert>
      ) : null}
    </Stack>
  );
}
