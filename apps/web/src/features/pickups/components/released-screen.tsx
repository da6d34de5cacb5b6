import { Alert, Button, Card, Group, Image, Stack, Table, Text } from '@mantine/core';
import { IconCircleCheck, IconPrinter, IconScan } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ID_TYPE_LABELS, type CreatePickupResponse } from '@parceldesk/shared/schemas/pickups';
import { formatDateTime } from '../../../components/ui/format-date';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { downloadPickupReceipt } from '../api/pickups';
import { useCounterPaths } from './counter-frame';
import { formatJmd } from '../../../components/ui/format-money';

/** After Confirm: the receipt on screen (what left, who collected and signed, what was paid), and the next customer. */
export function ReleasedScreen({ answer, signature }: { answer: CreatePickupResponse; signature: string }) {
  const { pickup } = answer;
  const paths = useCounterPaths();
  const { collector } = pickup;
  return (
    <Stack gap="md">
      <Alert color="teal" icon={<IconCircleCheck />} title={answer.message} role="status">
        Receipt {pickup.pickupNumber}
        {pickup.receiptEmailedTo ? ` emailed to ${pickup.receiptEmailedTo}.` : '.'}
      </Alert>
      <Card withBorder>
        <Stack gap="xs">
          <Text><strong>Customer:</strong> {pickup.customer.name} (mailbox {pickup.customer.mailboxNumber})</Text>
          <Text>
            <strong>Collected by:</strong> {collector.kind === 'customer' ? `${collector.name} (the customer)` : `${collector.name}, ${collector.relationship ?? ''}`}
            {collector.idType ? ` · ${ID_TYPE_LABELS[collector.idType]} ${collector.idNumber ?? ''}` : ''}
          </Text>
          <Text><strong>Released by:</strong> {pickup.releasedBy.name}, {formatDateTime(pickup.releasedAt)}</Text>
          {pickup.override ? <Text c="orange"><strong>Released without full payment:</strong> {pickup.override.reason}</Text> : null}
        </Stack>
      </Card>
      <Table.ScrollContainer minWidth={320}>
        <Table aria-label="Parcels collected">
          <Table.Thead>
            <Table.Tr><Table.Th>Package</Table.Th><Table.Th>Tracking</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pickup.packages.map((pkg) => (
              <Table.Tr key={pkg.id}><Table.Td>{pkg.packageNumber}</Table.Td><Table.Td>{pkg.trackingNumber}</Table.Td></Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group gap="lg">
        <Text>Total <strong>{formatJmd(pickup.totals.totalCents)}</strong></Text>
        <Text>Paid <strong>{formatJmd(pickup.totals.paidCents)}</strong></Text>
        <Text>Balance <strong>{formatJmd(pickup.totals.balanceCents)}</strong></Text>
      </Group>
      <Card withBorder maw={420}>
        <Text size="sm" c="dimmed" mb={4}>Signature</Text>
        <Image src={signature} alt={`Signature of ${collector.name}`} fit="contain" mah={160} />
      </Card>
      <Group>
        <Button component={Link} to={paths.counter} size="md" leftSection={<IconScan size={18} />}>Next customer</Button>
        <Button
          size="md"
          variant="default"
          leftSection={<IconPrinter size={18} />}
          onClick={() => void downloadPickupReceipt(pickup.id, pickup.pickupNumber).catch((error: unknown) => notify.error(errorMessage(error, 'The receipt could not be downloaded')))}
        >
          Print receipt
        </Button>
      </Group>
    </Stack>
  );
}
