import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import type { CustomerProfile } from '@parceldesk/shared/schemas/auth';
import { UsAddressCard } from '../../../components/ui/us-address-card';

/** The mailbox number and the US warehouse addresses it goes on (spec section 2, customer profile). */
export function MailboxSection({ customer }: { customer: CustomerProfile }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="mailbox-heading">
      <Title order={2} size="h4" id="mailbox-heading">
        Mailbox and US addresses
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        Your mailbox number
      </Text>
      <Text fz={28} fw={800} lh={1.2} mb="md" style={{ wordBreak: 'break-all' }}>
        {customer.mailboxNumber}
      </Text>
      {customer.shippingAddresses.length === 0 ? (
        <Text c="dimmed">Your courier has not published its US warehouse address yet.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {customer.shippingAddresses.map((address) => (
            <UsAddressCard key={address.mode} mode={address.mode} lines={address.lines} />
          ))}
        </SimpleGrid>
      )}
    </Card>
  );
}
