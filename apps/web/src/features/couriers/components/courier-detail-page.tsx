import { useParams, Link } from 'react-router';
import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import type { NetworkCourierDetail } from '@parceldesk/shared/schemas/people';
import { formatDate } from '../../../components/ui/format-date';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useCourier } from '../api/couriers';
import { CourierDetailsForm } from './courier-details-form';
import { CourierAdmins, CourierBranches } from './courier-people';
import { CourierStatusAction } from './courier-status-action';

/** /superadmin/couriers/{id}: details, suspend/reactivate, branches, admins (sign in as) and figures. */
export function CourierDetailPage() {
  const { id = '' } = useParams();
  const query = useCourier(id);
  const courier = query.data;
  return (
    <Stack gap="lg">
      <PageHeader
        title={courier?.name ?? 'Courier'}
        subtitle={courier ? <StatusBadge isActive={courier.status === 'active'} inactiveLabel="Suspended" /> : undefined}
        back={{ to: '/superadmin/couriers', label: 'All couriers' }}
        actions={
          courier ? (
            <>
              <Button component={Link} to={`/superadmin/couriers/${courier.id}/customers`} variant="default" leftSection={<IconUsers size={16} aria-hidden />}>
                Customers
              </Button>
              <CourierStatusAction courier={courier} />
            </>
          ) : null
        }
      />
      <QueryState query={query} what="the courier">
        {(loaded) => (
          <>
            <CourierFigures courier={loaded} />
            <Card withBorder padding="lg" component="section" aria-labelledby="courier-details-heading">
              <Title order={2} size="h4" mb="md" id="courier-details-heading">
                Details
              </Title>
              <CourierDetailsForm key={loaded.updatedAt} courier={loaded} />
            </Card>
            <CourierAdmins admins={loaded.admins} />
            <CourierBranches branches={loaded.branches} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}

function CourierFigures({ courier }: { courier: NetworkCourierDetail }) {
  const figures = [
    { label: 'Customers', value: courier.figures.customers },
    { label: 'Staff', value: courier.figures.staff },
    { label: 'Branches', value: courier.figures.branches },
    { label: 'Member since', value: formatDate(courier.createdAt) },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" m={0} aria-label="Figures">
      {figures.map((figure) => (
        <Card key={figure.label} withBorder padding="md">
          <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
            {figure.label}
          </Text>
          <Text component="dd" m={0} fz="xl" fw={700}>
            {figure.value}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
