import { Badge, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../lib/auth-context';
import { customerUnreadQuery, sidebarBadgeLabel, unreadCountQuery } from '../../lib/ticket-counts';
import type { NavEntry } from './nav/nav-types';

/** A sidebar count, capped 9+ (spec sections 2 and 9); nothing when it is zero. */
export function NavBadge({ kind }: { kind: NonNullable<NavEntry['badge']> }) {
  const { role, customer } = useAuth();
  // The customer counts tickets with an unread staff message; the staff side, unread tickets.
  const staffSide = useQuery({ ...unreadCountQuery(), enabled: kind === 'unreadTickets' && role !== null && role !== 'customer' });
  const customerSide = useQuery({ ...customerUnreadQuery(customer?.id ?? ''), enabled: kind === 'unreadTickets' && role === 'customer' && !!customer });
  const count = (role === 'customer' ? customerSide.data : staffSide.data) ?? 0;
  if (count <= 0) return null;
  return (
    <Badge size="sm" color="red" variant="filled" circle={count < 10} data-testid="nav-unread-badge">
      {sidebarBadgeLabel(count)}
      <VisuallyHidden> unread</VisuallyHidden>
    </Badge>
  );
}
