import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ReceivePackageResponse } from '@parceldesk/shared/schemas/packages';
import type { AreaRoot } from '../../../../components/ui/use-area-root';
import { errorMessage } from '../../../../lib/api-client';
import { notify } from '../../../../lib/toast';
import { downloadLabelZpl, openLabelPdf } from './label-actions';

export type Receipt = ReceivePackageResponse['package'];

async function printLabel(id: string) {
  try {
    if (!(await openLabelPdf([id]))) notify.warning('The browser blocked the label tab: allow pop-ups for this site');
  } catch (error) {
    notify.error(errorMessage(error, 'The label could not be opened'));
  }
}

/** Parcels received at this station since the page opened (the ones synced later too), newest first, each with its label. */
export function RecentReceipts({ receipts, root }: { receipts: Receipt[]; root: AreaRoot }) {
  if (receipts.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">Received at this station</Title>
      {receipts.map((pkg) => (
        <Paper key={pkg.id} withBorder p="xs">
          <Group justify="space-between" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Anchor component={Link} to={`${root}/packages/${pkg.id}`} fw={700}>{pkg.packageNumber}</Anchor>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {pkg.customerName || 'Unknown'}{pkg.mailboxNumber ? ` · ${pkg.mailboxNumber}` : ''} · {pkg.weight.toFixed(2)} lb · {pkg.trackingNumber}
              </Text>
            </div>
            <Group gap={4}>
              <Button size="compact-sm" leftSection={<IconPrinter size={14} aria-hidden />} onClick={() => void printLabel(pkg.id)} aria-label={`Print label ${pkg.packageNumber}`}>
                Print label
              </Button>
              <Button size="compact-sm" variant="default" onClick={() => void downloadLabelZpl([pkg.id], `${pkg.packageNumber}-label`).catch((error: unknown) => notify.error(errorMessage(error, 'The label could not be downloaded')))}>
                ZPL
              </Button>
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

export { printLabel };
