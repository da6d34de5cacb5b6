import { Card, Stack, Text, Title } from '@mantine/core';
import { ACCESS } from '@parceldesk/shared/access';
import { useAuth } from '../../../lib/auth-context';
import { useCanAccess } from '../../../lib/use-access';
import { DashboardSummaryView } from './dashboard-summary';

/** Staff without dashboard_view get a welcome only: the figures call would answer 403. */
export function StaffDashboard() {
  const { user } = useAuth();
  const canAccess = useCanAccess();
  const greeting = `Welcome, ${user?.first_name || user?.email || 'there'}`;
  const place = [user?.courier?.name, user?.branch?.name].filter(Boolean).join(' · ');

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {greeting}
        </Title>
        {place ? <Text c="dimmed">{place}</Text> : null}
      </div>
      {canAccess(ACCESS.dashboard) ? (
        <DashboardSummaryView />
      ) : (
        <Card withBorder padding="lg">
          <Text>
            Use the menu to reach the screens you have access to. Ask your administrator if you need the
            dashboard figures.
          </Text>
        </Card>
      )}
    </Stack>
  );
}
