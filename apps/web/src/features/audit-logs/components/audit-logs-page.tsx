import { Stack } from '@mantine/core';
import type { AuditLogItem } from '@parceldesk/shared/schemas/audit-logs';
import { DataTable } from '../../../components/data-table/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { useAreaRoot } from '../../../components/ui/use-area-root';
import { auditLogColumns } from './audit-log-columns';

export const AUDIT_LOGS_ENDPOINT = '/audit-logs';

/** /admin/audit-logs (the courier's) and /superadmin/audit-logs (the whole network). */
export function AuditLogsPage() {
  const isNetwork = useAreaRoot() === '/superadmin';
  return (
    <Stack gap="lg">
      <PageHeader title="Audit Logs" subtitle="Who did what, when, from where and to which record" />
      <DataTable<AuditLogItem>
        endpoint={AUDIT_LOGS_ENDPOINT}
        columns={auditLogColumns(isNetwork)}
        rowKey={(row) => row.id}
        title="Audit log"
        exportFileName="audit-logs"
        searchPlaceholder="Search by actor, action, target or IP"
      />
    </Stack>
  );
}
