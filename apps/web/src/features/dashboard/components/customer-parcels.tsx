import { Alert, SimpleGrid, Skeleton } from '@mantine/core';
import { PACKAGE_STATUS_CUSTOMER_LABELS } from '@parceldesk/shared/domain/packages';
import { errorMessage } from '../../../lib/api-client';
import { useCustomerDashboard } from '../api/get-customer-dashboard';
import { LazyChart, RecentActivity, statusSeries } from './dashboard-insights';

/** Issue 14: the customer's parcels by status (chart or table) and what happened to them lately. */
export function CustomerParcels({ customerId }: { customerId: string }) {
  const dashboard = useCustomerDashboard(customerId);
  if (dashboard.isPending) return <Skeleton h={200} aria-label="Loading your parcels" />;
  if (dashboard.isError) {
    return <Alert color="red" title="Could not load your parcels">{errorMessage(dashboard.error, 'Please try again.')}</Alert>;
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <LazyChart series={{ ...statusSeries(dashboard.data.packagesByStatus, PACKAGE_STATUS_CUSTOMER_LABELS), title: 'Your parcels by status' }} />
      <RecentActivity items={dashboard.data.recentActivity} root="/customer" />
    </SimpleGrid>
  );
}
