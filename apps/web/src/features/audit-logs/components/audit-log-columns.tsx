import { Stack, Text } from '@mantine/core';
import { AUDIT_ACTOR_TYPE_LABELS, type AuditLogItem, type auditLogListColumns } from '@parceldesk/shared/schemas/audit-logs';
import { ROLE_LABELS, type Role } from '@parceldesk/shared/roles';
import type { ListTableColumns } from '../../../components/data-table/data-table';
import { formatDateTime } from '../../../components/ui/format-date';
import { formatAction, formatAuditDetails } from './audit-details';

const roleLabel = (role: string | null) => (role ? ROLE_LABELS[role as Role] ?? role : '');

function ActorCell({ row }: { row: AuditLogItem }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="sm">{row.actorName ?? (row.actorType === 'system' ? 'System' : 'Deleted account')}</Text>
      {row.actorEmail ? <Text size="xs" c="dimmed">{row.actorEmail}</Text> : null}
      {row.actorRole ? <Text size="xs" c="dimmed">{roleLabel(row.actorRole)}</Text> : null}
    </Stack>
  );
}

const target = (row: AuditLogItem) => [row.targetType, row.targetId].filter(Boolean).join(' ');

/** The record in words: its readable number when the entry names one (a ticket), else the type and a short id. */
function targetLabel(row: AuditLogItem): string {
  const readable = row.details?.ticketNo;
  if (typeof readable === 'string') return `${row.targetType ?? 'record'} ${readable}`;
  if (!row.targetId) return row.targetType ?? '';
  return `${row.targetType ?? 'record'} ${row.targetId.slice(0, 8)}`;
}

/** The audit log (issue 5): who did what, when, from which IP, to which record; the super admin also sees the courier. */
export function auditLogColumns(showCourier: boolean): ListTableColumns<AuditLogItem, typeof auditLogListColumns, 'details'> {
  return [
    { field: 'createdAt', label: 'Date (YYYY-MM-DD)', sortable: true, filterable: true, render: (row) => formatDateTime(row.createdAt), exportValue: (row) => row.createdAt },
    {
      field: 'actorName', label: 'Actor', sortable: true, filterable: true, wrap: true,
      render: (row) => <ActorCell row={row} />,
      exportValue: (row) => [row.actorName, row.actorEmail, roleLabel(row.actorRole)].filter(Boolean).join(' · '),
    },
    {
      field: 'actorType', label: 'Actor Type', sortable: true, filterable: true,
      render: (row) => AUDIT_ACTOR_TYPE_LABELS[row.actorType], exportValue: (row) => AUDIT_ACTOR_TYPE_LABELS[row.actorType],
    },
    { field: 'action', label: 'Action', sortable: true, filterable: true, render: (row) => formatAction(row.action), exportValue: (row) => row.action },
    { field: 'targetType', label: 'Target', sortable: true, filterable: true, render: (row) => <span title={target(row)}>{targetLabel(row)}</span>, exportValue: target },
    ...(showCourier ? [{ field: 'courierName', label: 'Courier', sortable: true, filterable: true } as const] : []),
    { field: 'ip', label: 'IP', sortable: true, filterable: true },
    {
      field: 'details', label: 'Details', wrap: true,
      // Kept to a few lines so one long entry does not stretch the table; the whole text is in the tooltip and the export.
      render: (row) => (
        <Text size="xs" lineClamp={3} miw="18rem" title={formatAuditDetails(row.details, 2000)} style={{ overflowWrap: 'anywhere' }}>
          {formatAuditDetails(row.details)}
        </Text>
      ),
      exportValue: (row) => (row.details ? JSON.stringify(row.details) : ''),
    },
  ];
}
