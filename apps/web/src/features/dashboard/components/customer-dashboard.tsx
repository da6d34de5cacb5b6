import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAuth } from '../../../lib/auth-context';
import { BankDetailsCard } from './bank-details-card';
import { RateSheetButton } from './rate-sheet-button';
import { UsAddressCard } from '../../../components/ui/us-address-card';
import { AmountDueCard } from './amount-due-card';
import { CustomerParcels } from './customer-parcels';

export const NO_WAREHOUSE_ADDRESS = 'Your courier has not published its US warehouse address yet.';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={500}>{value}</Text>
    </div>
  );
}

export function CustomerDashboard() {
  const { customer } = useAuth();
  if (!customer) return null; // the route guard only renders this for a signed-in customer

  const isBusiness = customer.accountType === 'business';
  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Title order={1} size="h2">
          Welcome, {customer.firstName}
        </Title>
        <Group gap="sm">
          {/* Issue 11: announcing a parcel is one click from the dashboard. */}
          <Button component={Link} to="/customer/packages?new=pre-alert" leftSection={<IconPlus size={16} aria-hidden />}>
            Add pre-alert
          </Button>
          <RateSheetButton />
        </Group>
      </Group>

      <Card withBorder padding="lg" bg="var(--mantine-color-blue-light)">
        <Text size="sm" fw={600}>
          Your mailbox number
        </Text>
        <Text fz={36} fw={800} lh={1.2} style={{ wordBreak: 'break-all' }}>
          {customer.mailboxNumber}
        </Text>
        <Text size="sm" c="dimmed">
          Put it on every order you ship to the addresses below.
        </Text>
      </Card>

      <AmountDueCard />

      <CustomerParcels customerId={customer.id} />

      <Card withBorder padding="lg">
        <Group gap="xl">
          <Detail label="Account type" value={isBusiness ? 'Business Account' : 'Individual Account'} />
          {isBusiness && customer.businessName ? <Detail label="Business" value={customer.businessName} /> : null}
          <Detail label="Home branch" value={customer.branch?.name ?? 'Not assigned'} />
          <Detail label="Courier" value={customer.courier.name} />
        </Group>
      </Card>

      <section aria-labelledby="us-addresses-heading">
        <Title order={2} size="h4" mb="sm" id="us-addresses-heading">
          Your US shipping addresses
        </Title>
        {customer.shippingAddresses.length === 0 ? (
          <Text c="dimmed">{NO_WAREHOUSE_ADDRESS}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {customer.shippingAddresses.map((address) => (
              <UsAddressCard key={address.mode} mode={address.mode} lines={address.lines} />
            ))}
          </SimpleGrid>
        )}
      </section>

      <BankDetailsCard courierId={customer.courier.id} />
    </Stack>
  );
}
