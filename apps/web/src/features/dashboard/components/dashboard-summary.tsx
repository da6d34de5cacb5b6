import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/api-client';
import { useDashboardSummary } from '../api/get-dashboard-summary';
import { CourierFiguresTable } from './courier-figures-table';
import { DashboardInsights } from './dashboard-insights';
import { RecentCustomersTable } from './recent-customers-table';
import { SummaryFigures, SummaryFiguresSkeleton } from './summary-figures';

const LOAD_FAILED = 'Failed to load the dashboard. Please try again.';

/** Figures and newest customers from GET /dashboard/summary, for the staff-side dashboards. */
export function DashboardSummaryView({ showCourier = false }: { showCourier?: boolean }) {
  const summary = useDashboardSummary();

  if (summary.isPending) return <SummaryFiguresSkeleton />;
  if (summary.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="Could not load the dashboard">
        <Stack gap="xs" align="flex-start">
          {errorMessage(summary.error, LOAD_FAILED)}
          <Button size="xs" variant="light" color="red" onClick={() => void summary.refetch()} loading={summary.isFetching}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <SummaryFigures figures={summary.data.figures} />
      {summary.data.couriers ? <CourierFiguresTable couriers={summary.data.couriers} /> : null}
      <DashboardInsights summary={summary.data} />
      {/* Absent for readers without customers_view (issue 15). */}
      {summary.data.recentCustomers ? <RecentCustomersTable customers={summary.data.recentCustomers} showCourier={showCourier} /> : null}
    </Stack>
  );
}
