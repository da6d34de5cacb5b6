import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ActionIcon, Box, Indicator, Loader, Menu, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ACCESS } from '@parceldesk/shared/access';
import type { UnreadTicket } from '@parceldesk/shared/schemas/tickets';
import { useAuth } from '../../lib/auth-context';
import { bellBadgeLabel, bellTicketPath, ticketListPathFor, unreadCountQuery, unreadTicketsQuery } from '../../lib/ticket-counts';
import { useCanAccess } from '../../lib/use-access';

/**
 * The support-ticket bell of the super admin, courier admin and staff headers (spec sections 2
 * and 6; hidden for customers): the unread count capped 99+, a dropdown of the unread tickets,
 * each opening the role's ticket list at that ticket. Staff without tickets_view cannot open a
 * ticket, so they get no bell either.
 */
export function TicketBell() {
  const isShown = useCanAccess()(ACCESS.ticketsStaffView);
  if (!isShown) return null;
  return <Bell />;
}

const customerName = (ticket: UnreadTicket) => `${ticket.customer.firstName} ${ticket.customer.lastName}`.trim();

function Bell() {
  const { role } = useAuth();
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const count = useQuery(unreadCountQuery()).data ?? 0;
  const unread = useQuery({ ...unreadTicketsQuery(), enabled: isOpen });
  const tickets = unread.data?.tickets ?? [];
  const label = count > 0 ? `Support tickets, ${bellBadgeLabel(count)} unread` : 'Support tickets';

  return (
    <Menu opened={isOpen} onChange={setOpen} position="bottom-end" width={320} shadow="md" withinPortal>
      <Menu.Target>
        {/* The visible count is part of the accessible name (WCAG 2.5.3, label in name). */}
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={label}
          title={label}
          style={{ overflow: 'visible' }}
        >
          <Indicator label={bellBadgeLabel(count)} disabled={count === 0} size={18} color="red" offset={2} inline data-testid="bell-count">
            <IconBell size={22} aria-hidden />
          </Indicator>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Unread tickets</Menu.Label>
        {unread.isPending ? (
          <Box px="sm" py="xs">
            <Loader size="xs" aria-label="Loading unread tickets" />
          </Box>
        ) : tickets.length === 0 ? (
          <Text size="sm" c="dimmed" px="sm" py="xs">
            No unread tickets
          </Text>
        ) : (
          tickets.map((ticket) => (
            <Menu.Item
              key={ticket.id}
              aria-label={`${ticket.ticket_no}: ${ticket.subject}, from ${customerName(ticket)}`}
              onClick={() => navigate(bellTicketPath(role, ticket.ticket_no, ticket.courierId))}
            >
              <Text size="xs" c="dimmed" component="span" display="block">
                {ticket.ticket_no}
                {role === 'super_admin' && ticket.courierName ? ` · ${ticket.courierName}` : ''}
              </Text>
              <Text size="sm" fw={600} lineClamp={1} component="span" display="block">
                {ticket.subject}
              </Text>
              <Text size="xs" component="span" display="block">
                {customerName(ticket)}
              </Text>
            </Menu.Item>
          ))
        )}
        {unread.data && unread.data.unreadCount > tickets.length ? (
          <Text size="xs" c="dimmed" px="sm" pb="xs">
            {`and ${unread.data.unreadCount - tickets.length} more`}
          </Text>
        ) : null}
        <Menu.Divider />
        <Menu.Item c="blue" fw={500} onClick={() => navigate(ticketListPathFor(role))}>
          View All Tickets
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
