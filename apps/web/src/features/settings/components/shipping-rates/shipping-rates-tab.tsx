import { useState } from 'react';
import { Button, Card, Group, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import { useDeleteShippingRate, useShippingRates, type ShippingRate } from '../../api/shipping-rates';
import { ConfirmModal } from '../../../../components/ui/confirm-modal';
import { QueryState } from '../../../../components/ui/query-state';
import { useConfirmedDelete } from '../../../../components/ui/use-confirmed-delete';
import { BulkUploadModal } from './bulk-upload-modal';
import { RateFormModal } from './rate-form-modal';
import { RatesTable } from './rates-table';

type Editing = { rate: ShippingRate | null } | null;

/** Tab 1: freight by weight. */
export function ShippingRatesTab({ courierId }: { courierId: string }) {
  const query = useShippingRates();
  const remove = useDeleteShippingRate();
  const [editing, setEditing] = useState<Editing>(null);
  const deleting = useConfirmedDelete<ShippingRate>(remove, { deleted: SETTINGS_MSG.rateDeleted, failed: 'Failed to delete shipping rate' });
  const [bulkOpen, setBulkOpen] = useState(false);

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
        {(rates) => <RatesTable rates={rates} onEdit={(rate) => setEditing({ rate })} onDelete={deleting.ask} />}
      </QueryState>
      <RateFormModal opened={editing !== null} rate={editing?.rate ?? null} onClose={() => setEditing(null)} />
      <BulkUploadModal opened={bulkOpen} courierId={courierId} onClose={() => setBulkOpen(false)} />
      <ConfirmModal {...deleting.modal} title="Delete Rate" message={SETTINGS_MSG.confirmDeleteRate} />
    </Card>
  );
}
