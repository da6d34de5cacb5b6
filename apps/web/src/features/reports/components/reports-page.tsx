import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { ACCESS } from '@parceldesk/shared/access';
import { REPORT_FORMATS, type ReportFormat, type ReportKind } from '@parceldesk/shared/schemas/reports';
import { PageHeader } from '../../../components/ui/page-header';
import { useAuth } from '../../../lib/auth-context';
import { notify } from '../../../lib/toast';
import { useCanAccess } from '../../../lib/use-access';
import { DEFAULT_FILTERS, downloadReport, isComplete, useReport, type ReportFilters } from '../api/reports';
import { ReportFiltersBar } from './report-filters-bar';
import { ReportTableView } from './report-table-view';

// recharts is loaded only when a report is drawn, in its own chunk.
const ReportChart = lazy(() => import('./report-chart'));

const SCOPE_TEXT = { network: 'Every courier side by side', courier: 'Your courier', branch: 'Your branch\'s customers' } as const;

function Downloads({ report, filters, disabled }: { report: ReportKind; filters: ReportFilters; disabled: boolean }) {
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  const download = async (format: ReportFormat) => {
    setBusy(format);
    try {
      const name = await downloadReport(report, filters, format);
      notify.success(`Downloaded ${name}`);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : 'The download failed');
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs">
      {REPORT_FORMATS.map((format) => (
        <Button
          key={format} variant="light" leftSection={<IconDownload size={16} />} loading={busy === format} disabled={disabled}
          onClick={() => void download(format)}
        >
          Download {format.toUpperCase()}
        </Button>
      ))}
    </Group>
  );
}

/**
 * /admin/reports, /staff/reports (reports_view) and /superadmin/reports (issue 14): one screen for
 * every area; the server answers within the caller's scope, so the super admin's copy adds only the
 * courier filter.
 */
export function ReportsPage() {
  const canAccess = useCanAccess();
  const auth = useAuth();
  const [report, setReport] = useState<ReportKind>('revenue');
  const [filters, setFilters] = useState<ReportFilters>(DEFAULT_FILTERS);
  const allowed = canAccess(ACCESS.reports);
  const query = useReport(report, filters, allowed);
  if (!allowed) {
    return (
      <Alert color="yellow" title="No access to this screen">
        You need the &quot;View reports&quot; permission. Ask your administrator if you need it.
      </Alert>
    );
  }
  const data = query.data;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Reports"
        subtitle={data ? `${SCOPE_TEXT[data.scope]} · ${data.from} to ${data.to}, by ${data.groupBy}` : 'Revenue, payments, parcels and manifests over a date range'}
        actions={<Downloads report={report} filters={filters} disabled={!isComplete(filters)} />}
      />
      <ReportFiltersBar
        report={report} onReport={setReport} filters={filters} onChange={setFilters} options={data?.options}
        showCourier={auth.role === 'super_admin'}
      />
      {query.isError && <Alert color="red" title="The report could not be loaded">{query.error.message}</Alert>}
      {query.isPending && isComplete(filters) && <Group justify="center"><Loader aria-label="Loading the report" /></Group>}
      {data && (
        <Stack gap="lg" aria-busy={query.isFetching} aria-live="polite">
          <Title order={2} size="h3">{data.title}</Title>
          {data.notes.map((note) => <Text key={note} size="sm" c="dimmed">{note}</Text>)}
          {data.tables.map((table) => (
            <Card key={table.key} withBorder padding="md">
              <Stack gap="md">
                <Suspense fallback={<Loader size="sm" aria-label="Loading the chart" />}>
                  <ReportChart table={table} />
                </Suspense>
                <ReportTableView table={table} />
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
