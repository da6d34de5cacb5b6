import { useState } from 'react';
import { Button, Card, Group, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import { errorMessage } from '../../../../lib/api-client';
import { notify } from '../../../../lib/toast';
import { useDeleteShippingRate, useShippingRates, type ShippingRate } from '../../api/shipping-rates';
import { ConfirmModal } from '../../../../components/ui/confirm-modal';
import { QueryState } from '../../../../components/ui/query-state';
import { BulkUploadModal } from './bulk-upload-modal';
import { RateFormModal } from './rate-form-modal';
import { RatesTable } from './rates-table';

type Editing = { rate: ShippingRate | null } | null;

/** Tab 1: freight by weight. */
export function ShippingRatesTab({ courierId }: { courierId: string }) {
  const query = useShippingRates();
  const remove = useDeleteShippingRate();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ShippingRate | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify.success(SETTINGS_MSG.rateDeleted);
      setDeleting(null);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to delete shipping rate'));
    }
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="rates-heading">
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={2} size="h4" id="rates-heading">
          Shipping Rates
        </Title>
        <Group gap="xs">
          <Button variant="light" leftSection={<IconUpload size={16} aria-hidden />} onClick={() => setBulkOpen(true)}>
            Bulk Upload
          </Button>
          <Button onClick={() => setEditing({ rate: null })}>+ Create Rate</Button>
        </Group>
      </Group>
      <QueryState query={query} what="the shipping rates">
        {(rates) => <RatesTable rates={rates} onEdit={(rate) => setEditing({ rate })} onDelete={setDeleting} />}
      </QueryState>
      <RateFormModal opened={editing !== null} rate={editing?.rate ?? null} onClose={() => setEditing(null)} />
      <BulkUploadModal opened={bulkOpen} courierId={courierId} onClose={() => setBulkOpen(false)} />
      <ConfirmModal
        opened={deleting !== null}
        title="Delete Rate"
        message={SETTINGS_MSG.confirmDeleteRate}
        confirmLabel="Delete"
        danger
        isWorking={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}
