import { Card, Stack, Text, Title } from '@mantine/core';
import { useAuth } from '../../../lib/auth-context';
import { ProfileDetailsForm } from './profile-details-form';
import { StaffPasswordForm } from './staff-password-form';

/** /staff/settings: the staff member's own details and password (spec section 2). */
export function StaffProfilePage() {
  const { user } = useAuth();
  if (!user) return null; // the route guard only renders this for a signed-in staff member

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1} size="h2">
        My Profile
      </Title>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="xs">
          Personal details
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {user.branch ? `${user.branch.name} · ` : ''}
          {user.courier?.name ?? ''}
        </Text>
        {/* Keyed by user so a different account signing in starts from its own values. */}
        <ProfileDetailsForm key={user.id} user={user} />
      </Card>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="md">
          Change password
        </Title>
        <StaffPasswordForm userId={user.id} />
      </Card>
    </Stack>
  );
}
