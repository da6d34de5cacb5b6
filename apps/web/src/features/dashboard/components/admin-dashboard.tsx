import { Stack, Text, Title } from '@mantine/core';
import { useAuth } from '../../../lib/auth-context';
import { DashboardSummaryView } from './dashboard-summary';

export function AdminDashboard() {
  const { user } = useAuth();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {user?.courier?.name ?? 'Courier'} overview
        </Title>
        <Text c="dimmed">Figures for your courier company across all branches.</Text>
      </div>
      <DashboardSummaryView />
    </Stack>
  );
}
