import { Badge, Group, Text } from '@mantine/core';
import type { myTicketListColumns, ticketListColumns, TicketListItem } from '@parceldesk/shared/schemas/tickets';
import type { ListTableColumn, ListTableColumns } from '../../../components/data-table/data-table';
import { formatDateTime } from '../../../components/ui/format-date';
import { statusLabel, TicketStatusBadge } from './ticket-status-badge';

/** The subject, bold with a marker while the viewer has not read the latest message. */
function SubjectCell({ row, unreadLabel }: { row: TicketListItem; unreadLabel: string }) {
  return (
    <Group gap={6} wrap="nowrap" miw={0}>
      {row.unread ? <Badge size="xs" color="red" variant="filled" style={{ flexShrink: 0 }}>{unreadLabel}</Badge> : null}
      <Text size="sm" fw={row.unread ? 700 : 400} truncate>
        {row.subject}
      </Text>
    </Group>
  );
}

/** Columns both lists have alike (the customer's keys are a subset of the staff list's). */
const statusColumn: ListTableColumn<TicketListItem, typeof myTicketListColumns, 'status'> = {
  field: 'status', label: 'Status', sortable: true, filterable: true, wrap: true,
  render: (row) => <TicketStatusBadge status={row.status} />,
  exportValue: (row) => statusLabel(row.status),
};

/** `createdAt` filters as text on 'YYYY-MM-DD HH:MM' (shared/schemas/tickets.ts): typing a date finds that day. */
const createdColumn: ListTableColumn<TicketListItem, typeof myTicketListColumns, 'createdAt'> = {
  field: 'createdAt', label: 'Created (YYYY-MM-DD)', sortable: true, filterable: true,
  render: (row) => formatDateTime(row.createdAt), exportValue: (row) => row.createdAt,
};

const updatedColumn: ListTableColumn<TicketListItem, typeof myTicketListColumns, 'updatedAt'> = {
  field: 'updatedAt', label: 'Last Activity', sortable: true,
  render: (row) => formatDateTime(row.updatedAt), exportValue: (row) => row.updatedAt,
};

/** The staff-side list (issue 5): status, department and date filters; the super admin also sees the courier. */
export function staffTicketColumns(showCourier: boolean): ListTableColumns<TicketListItem, typeof ticketListColumns> {
  return [
    { field: 'ticket_no', label: 'Ticket No', sortable: true, filterable: true },
    { field: 'subject', label: 'Subject', sortable: true, filterable: true, render: (row) => <SubjectCell row={row} unreadLabel="New" /> },
    { field: 'customerName', label: 'Customer', sortable: true, filterable: true },
    ...(showCourier ? [{ field: 'courierName', label: 'Courier', sortable: true, filterable: true } as const] : []),
    { field: 'department', label: 'Department', sortable: true, filterable: true },
    statusColumn,
    createdColumn,
    updatedColumn,
  ];
}

/** The customer's own tickets. */
export function customerTicketColumns(): ListTableColumns<TicketListItem, typeof myTicketListColumns> {
  return [
    { field: 'ticket_no', label: 'Ticket No', sortable: true },
    { field: 'subject', label: 'Subject', sortable: true, render: (row) => <SubjectCell row={row} unreadLabel="New reply" /> },
    { field: 'department', label: 'Department', sortable: true, filterable: true },
    statusColumn,
    createdColumn,
    updatedColumn,
  ];
}
