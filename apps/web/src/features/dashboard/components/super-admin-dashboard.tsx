import { Stack, Text, Title } from '@mantine/core';
import { APP_NAME } from '@parceldesk/shared/constants';
import { DashboardSummaryView } from './dashboard-summary';

export function SuperAdminDashboard() {
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Network overview
        </Title>
        <Text c="dimmed">Every courier, branch and customer on {APP_NAME}.</Text>
      </div>
      <DashboardSummaryView showCourier />
    </Stack>
  );
}
