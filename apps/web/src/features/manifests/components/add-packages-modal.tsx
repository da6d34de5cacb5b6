import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import type { ManifestDetail } from '@parceldesk/shared/schemas/manifests';
import { SERVICE_LABELS, type packageListColumns, type PackageListItem } from '@parceldesk/shared/schemas/packages';
import { DataTable, type ListTableColumns } from '../../../components/data-table/data-table';
import { formatDate } from '../../../components/ui/format-date';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { RECEIVED_PACKAGES_ENDPOINT, useAddManifestPackages } from '../api/manifests';

/** "Add received packages": received parcels of the manifest's service (a received parcel is on no manifest), chosen by checkbox. */
export function AddPackagesModal({ manifest, opened, onClose }: { manifest: ManifestDetail; opened: boolean; onClose: () => void }) {
  const add = useAddManifestPackages(manifest.id);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const toggle = (id: string) => setSelected((current) => {
    const next = new Set(current);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  });
  const close = () => {
    setSelected(new Set());
    onClose();
  };
  const submit = async () => {
    try {
      const result = await add.mutateAsync({ packageIds: [...selected] });
      notify.success(result.message);
      for (const refusal of result.refused) notify.error(refusal.message);
      close();
    } catch (error) {
      notify.error(errorMessage(error, 'The packages were not added'));
    }
  };
  const columns: ListTableColumns<PackageListItem, typeof packageListColumns, 'select'> = [
    { field: 'select', label: 'Select', exportable: false, render: (row) => <Checkbox aria-label={`Select ${row.packageNumber}`} checked={selected.has(row.id)} onChange={() => toggle(row.id)} /> },
    { field: 'packageNumber', label: 'Package', sortable: true, filterable: true },
    { field: 'customerName', label: 'Customer', sortable: true, filterable: true },
    { field: 'mailboxNumber', label: 'Mailbox', sortable: true, filterable: true },
    { field: 'weight', label: 'Weight (lb)', sortable: true },
    { field: 'receivedAt', label: 'Received', sortable: true, render: (row) => formatDate(row.receivedAt) },
  ];
  return (
    <Modal opened={opened} onClose={close} title={`Add received ${SERVICE_LABELS[manifest.service]} packages to ${manifest.number}`} size="xl" centered>
      {opened ? (
        <Stack gap="sm">
          <DataTable<PackageListItem>
            endpoint={RECEIVED_PACKAGES_ENDPOINT}
            fixedFilters={{ status: 'received', service: manifest.service }}
            urlPrefix="add_"
            columns={columns}
            rowKey={(row) => row.id}
            searchPlaceholder="Search by package number, tracking number, customer or mailbox"
          />
          <Group justify="space-between">
            <Text size="sm" c="dimmed" aria-live="polite">{selected.size} selected</Text>
            <Group gap="xs">
              <Button variant="default" onClick={close} disabled={add.isPending}>Cancel</Button>
              <Button onClick={() => void submit()} disabled={selected.size === 0} loading={add.isPending}>
                {`Add ${selected.size} package${selected.size === 1 ? '' : 's'}`}
              </Button>
            </Group>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
