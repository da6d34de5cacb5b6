import { Badge, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { PACKAGE_STATUS_LABELS } from '@parceldesk/shared/domain/packages';
import type { MissingParcel, ReconciliationScan } from '@parceldesk/shared/schemas/reconciliation';

const time = (iso: string) => new Date(iso).toLocaleTimeString('en-JM', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const OUTCOME = { received: { label: 'Received', color: 'green' }, damaged: { label: 'Damaged', color: 'yellow' }, extra: { label: 'Extra', color: 'orange' } } as const;

function where(scan: ReconciliationScan): string {
  if (scan.outcome !== 'extra') return scan.note ?? '';
  if (scan.belongsTo) return `Belongs to ${scan.belongsTo.manifestNumber}`;
  return scan.packageNumber ? 'On no manifest' : 'Not a package of ours';
}

/** A titled list of scans (last scans, extras, damaged): scrolls sideways at 360 px rather than squeezing. */
export function ScanList({ title, scans, empty }: { title: string; scans: readonly ReconciliationScan[]; empty: string }) {
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Title order={3} size="h5">{title}</Title>
        {scans.length === 0 ? <Text size="sm" c="dimmed">{empty}</Text> : (
          <ScrollArea type="auto">
            <Table aria-label={title} striped fz="sm" miw={520}>
              <Table.Thead>
                <Table.Tr><Table.Th>Time</Table.Th><Table.Th>Parcel</Table.Th><Table.Th>Outcome</Table.Th><Table.Th>Details</Table.Th><Table.Th>By</Table.Th></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {scans.map((scan) => (
                  <Table.Tr key={scan.id}>
                    <Table.Td>{time(scan.scannedAt)}</Table.Td>
                    <Table.Td>{scan.packageNumber ?? scan.code}{scan.customerName ? ` · ${scan.customerName}` : ''}</Table.Td>
                    <Table.Td><Badge variant="light" color={OUTCOME[scan.outcome].color} style={{ textTransform: 'none' }}>{OUTCOME[scan.outcome].label}</Badge></Table.Td>
                    <Table.Td>{where(scan)}</Table.Td>
                    <Table.Td>{scan.scannedBy ?? ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Stack>
    </Paper>
  );
}

export function MissingList({ parcels, total }: { parcels: readonly MissingParcel[]; total: number }) {
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Title order={3} size="h5">Not scanned yet</Title>
        {parcels.length === 0 ? <Text size="sm" c="dimmed">Every parcel of the manifest is scanned.</Text> : (
          <ScrollArea type="auto" mah={320}>
            <Table aria-label="Not scanned yet" fz="sm" miw={420}>
              <Table.Thead><Table.Tr><Table.Th>Package</Table.Th><Table.Th>Tracking number</Table.Th><Table.Th>Customer</Table.Th><Table.Th>Status</Table.Th></Table.Tr></Table.Thead>
              <Table.Tbody>
                {parcels.map((p) => (
                  <Table.Tr key={p.packageId}>
                    <Table.Td>{p.packageNumber}</Table.Td><Table.Td>{p.trackingNumber}</Table.Td><Table.Td>{p.customerName}</Table.Td><Table.Td>{PACKAGE_STATUS_LABELS[p.status]}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
        {total > parcels.length ? <Text size="xs" c="dimmed">{`${total - parcels.length} more in the report.`}</Text> : null}
      </Stack>
    </Paper>
  );
}
