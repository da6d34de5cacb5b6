import { useState } from 'react';
import { useParams } from 'react-router';
import { ActionIcon, Button, Card, Group, Menu, Modal, Pagination, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconDownload, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { MANIFEST_STATUS_LABELS, placesOf } from '@parceldesk/shared/domain/manifests';
import { PACKAGE_STATUS_LABELS } from '@parceldesk/shared/domain/packages';
import { MANIFEST_EXPORT_FORMATS, MANIFEST_FORM_MSG, type ManifestBreakdownRow, type ManifestDetail, type ManifestTotals } from '@parceldesk/shared/schemas/manifests';
import { SERVICE_LABELS } from '@parceldesk/shared/schemas/packages';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { DetailList } from '../../../components/ui/detail-list';
import { formatDateTime } from '../../../components/ui/format-date';
import { formatUsd } from '../../../components/ui/format-money';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { useAreaRoot } from '../../../components/ui/use-area-root';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { downloadManifestExport, EXPORT_LABELS, useManifest, useRemoveManifestPackage } from '../api/manifests';
import { AddPackagesModal } from './add-packages-modal';
import { ManifestForm } from './manifest-form';
import { ManifestStatusActions } from './manifest-status-actions';
import { ManifestStatusBadge } from './manifest-status-badge';
import { manifestsPathOf } from './manifests-page';

const PAGE = 50;
const lb = (n: number) => `${n.toFixed(2)} lb`;

/** /admin|/staff/maniefest/{id} and /superadmin/manifests/{id}: header, moves, totals, breakdowns, parcels, exports. */
export function ManifestDetailPage() {
  const { id = '' } = useParams();
  const root = useAreaRoot();
  const query = useManifest(id);
  return (
    <QueryState query={query} what="the manifest">
      {(manifest) => <ManifestView manifest={manifest} back={manifestsPathOf(root)} />}
    </QueryState>
  );
}

function ManifestView({ manifest, back }: { manifest: ManifestDetail; back: string }) {
  const [isEditing, setEditing] = useState(false);
  const [isAdding, setAdding] = useState(false);
  const place = (code: string) => `${code} (${placesOf(manifest.service)[code] ?? code})`;
  return (
    <Stack gap="lg">
      <PageHeader
        title={`Manifest ${manifest.number}`}
        subtitle={<Group gap="xs"><ManifestStatusBadge status={manifest.status} /><span>{`${SERVICE_LABELS[manifest.service]} · ${manifest.origin} → ${manifest.destination}`}</span></Group>}
        back={{ to: back, label: 'Manifests' }}
        actions={<ExportMenu manifest={manifest} />}
      />
      <ManifestStatusActions manifest={manifest} />
      <Card withBorder>
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4">Shipment</Title>
            {manifest.canEditPackages ? <Button size="xs" variant="light" leftSection={<IconEdit size={14} aria-hidden />} onClick={() => setEditing(true)}>Edit details</Button> : null}
          </Group>
          <DetailList items={[
            { label: manifest.service === 'air' ? 'Airline' : 'Shipping line', value: manifest.carrier },
            { label: manifest.service === 'air' ? 'Master air waybill' : 'Bill of lading', value: manifest.waybill },
            { label: manifest.service === 'air' ? 'Flight' : 'Voyage', value: manifest.flightOrVoyage },
            { label: 'Status', value: MANIFEST_STATUS_LABELS[manifest.status] },
            { label: 'Origin', value: place(manifest.origin) },
            { label: 'Destination', value: place(manifest.destination) },
            { label: 'Departure date', value: manifest.departureDate },
            { label: 'Arrival date', value: manifest.arrivalDate },
            { label: 'Created by', value: manifest.createdBy },
            { label: 'Notes', value: manifest.notes },
          ]} />
        </Stack>
      </Card>
      <Totals totals={manifest.totals} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Breakdown title="By customer" first="Customer" rows={manifest.byCustomer} />
        <Breakdown title="By consignee TRN" first="TRN" rows={manifest.byTrn} />
      </SimpleGrid>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">{`Packages (${manifest.totals.packages})`}</Title>
          {manifest.canEditPackages ? <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>Add received packages</Button> : null}
        </Group>
        {manifest.status !== 'open' ? <Text size="sm" c="dimmed">The manifest is sealed: its packages can no longer change.</Text> : null}
        <PackagesTable manifest={manifest} />
      </Stack>
      <History manifest={manifest} />
      <Modal opened={isEditing} onClose={() => setEditing(false)} title={`Edit ${manifest.number}`} size="lg" centered>
        {isEditing ? <ManifestForm manifest={manifest} onCancel={() => setEditing(false)} onDone={() => setEditing(false)} /> : null}
      </Modal>
      {manifest.canEditPackages ? <AddPackagesModal manifest={manifest} opened={isAdding} onClose={() => setAdding(false)} /> : null}
    </Stack>
  );
}

function ExportMenu({ manifest }: { manifest: ManifestDetail }) {
  const download = async (format: (typeof MANIFEST_EXPORT_FORMATS)[number]) => {
    try {
      const name = await downloadManifestExport(manifest, format);
      notify.success(`${name} downloaded`);
    } catch (error) {
      notify.error(errorMessage(error, 'The export failed'));
    }
  };
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />}>Export</Button>
      </Menu.Target>
      <Menu.Dropdown>
        {MANIFEST_EXPORT_FORMATS.map((format) => <Menu.Item key={format} onClick={() => void download(format)}>{EXPORT_LABELS[format]}</Menu.Item>)}
      </Menu.Dropdown>
    </Menu>
  );
}

function Totals({ totals }: { totals: ManifestTotals }) {
  const items = [
    ['Packages', String(totals.packages)], ['Pieces', String(totals.pieces)], ['Actual weight', lb(totals.weight)],
    ['Chargeable weight', `${totals.chargeableWeight} lb`], ['Declared value', formatUsd(totals.declaredValueCents)],
  ] as const;
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" role="group" aria-label="Totals">
      {items.map(([label, value]) => (
        <Card key={label} withBorder padding="sm">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{label}</Text>
          <Text fw={700} size="lg">{value}</Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function Breakdown({ title, first, rows }: { title: string; first: string; rows: ManifestBreakdownRow[] }) {
  return (
    <Card withBorder>
      <Title order={3} size="h5" mb="xs">{title}</Title>
      <Table.ScrollContainer minWidth={360}>
        <Table striped aria-label={title}>
          <Table.Thead><Table.Tr><Table.Th>{first}</Table.Th><Table.Th>Pkgs</Table.Th><Table.Th>Weight</Table.Th><Table.Th>Value</Table.Th></Table.Tr></Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? <Table.Tr><Table.Td colSpan={4}>No packages yet</Table.Td></Table.Tr> : rows.map((row) => (
              <Table.Tr key={`${row.label}-${row.detail ?? ''}`}>
                <Table.Td>{row.detail ? `${row.label} (${row.detail})` : row.label}</Table.Td>
                <Table.Td>{row.packages}</Table.Td>
                <Table.Td>{lb(row.weight)}</Table.Td>
                <Table.Td>{formatUsd(row.declaredValueCents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function PackagesTable({ manifest }: { manifest: ManifestDetail }) {
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<{ id: string; packageNumber: string } | null>(null);
  const remove = useRemoveManifestPackage(manifest.id);
  const pages = Math.max(1, Math.ceil(manifest.packages.length / PAGE));
  const shown = manifest.packages.slice((Math.min(page, pages) - 1) * PAGE, Math.min(page, pages) * PAGE);
  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      notify.success(`${removing.packageNumber}: ${MANIFEST_FORM_MSG.packageRemoved}`);
    } catch (error) {
      notify.error(errorMessage(error, 'The package was not removed'));
    } finally {
      setRemoving(null);
    }
  };
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={760}>
        <Table striped highlightOnHover aria-label="Packages on the manifest">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Package</Table.Th><Table.Th>Tracking</Table.Th><Table.Th>Customer</Table.Th><Table.Th>TRN</Table.Th>
              <Table.Th>Pcs</Table.Th><Table.Th>Weight</Table.Th><Table.Th>Value</Table.Th><Table.Th>Invoice</Table.Th><Table.Th>Status</Table.Th>
              {manifest.canEditPackages ? <Table.Th><VisuallyHidden>Remove</VisuallyHidden></Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.length === 0 ? <Table.Tr><Table.Td colSpan={10}>No packages on this manifest yet</Table.Td></Table.Tr> : shown.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{p.packageNumber}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{p.trackingNumber}</Table.Td>
                <Table.Td>{`${p.customerName}${p.mailboxNumber ? ` (${p.mailboxNumber})` : ''}`}</Table.Td>
                <Table.Td>{p.trn ?? '—'}</Table.Td>
                <Table.Td>{p.pieces}</Table.Td>
                <Table.Td>{lb(p.weight)}</Table.Td>
                <Table.Td>{p.declaredValueCents === null ? '—' : formatUsd(p.declaredValueCents)}</Table.Td>
                <Table.Td>{p.hasInvoice ? 'Yes' : 'No'}</Table.Td>
                <Table.Td>{PACKAGE_STATUS_LABELS[p.status]}</Table.Td>
                {manifest.canEditPackages ? (
                  <Table.Td>
                    <ActionIcon variant="subtle" color="red" aria-label={`Remove ${p.packageNumber}`} onClick={() => setRemoving({ id: p.id, packageNumber: p.packageNumber })}>
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 ? <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} size="sm" aria-label="Package pages" /> : null}
      <ConfirmModal
        opened={removing !== null} title={`Remove ${removing?.packageNumber ?? ''}?`} danger isWorking={remove.isPending}
        message="The package goes back to Received and can travel on another manifest." confirmLabel="Remove"
        onConfirm={() => void confirmRemove()} onCancel={() => setRemoving(null)}
      />
    </Stack>
  );
}

function History({ manifest }: { manifest: ManifestDetail }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">History</Title>
      {manifest.events.map((e) => (
        <Text key={e.id} size="sm">
          {`${formatDateTime(e.at)} · ${e.fromStatus ? `${MANIFEST_STATUS_LABELS[e.fromStatus]} → ` : 'Created '}${MANIFEST_STATUS_LABELS[e.toStatus]}${e.by ? ` · ${e.by}` : ''}${e.note ? ` · ${e.note}` : ''}`}
        </Text>
      ))}
    </Stack>
  );
}
