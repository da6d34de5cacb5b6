import { useState } from 'react';
import { Button, Card, Group, Title } from '@mantine/core';
import { SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import { useDeleteProcessingFee, useProcessingFees, type ProcessingFee } from '../../api/processing-fees';
import { ConfirmModal } from '../../../../components/ui/confirm-modal';
import { QueryState } from '../../../../components/ui/query-state';
import { useConfirmedDelete } from '../../../../components/ui/use-confirmed-delete';
import { ProcessingFeeModal } from './processing-fee-modal';
import { ProcessingFeesTable } from './processing-fees-table';

/** Tab 3: a fee per weight range. */
export function ProcessingFeesTab() {
  const query = useProcessingFees();
  const remove = useDeleteProcessingFee();
  const [editing, setEditing] = useState<{ fee: ProcessingFee | null } | null>(null);
  const deleting = useConfirmedDelete<ProcessingFee>(remove, { deleted: SETTINGS_MSG.processingFeeDeleted, failed: 'Failed to delete processing fee' });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="processing-heading">
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={2} size="h4" id="processing-heading">
          Processing Fees
        </Title>
        <Button onClick={() => setEditing({ fee: null })}>+ Create Fee</Button>
      </Group>
      <QueryState query={query} what="the processing fees">
        {(fees) => <ProcessingFeesTable fees={fees} onEdit={(fee) => setEditing({ fee })} onDelete={deleting.ask} />}
      </QueryState>
      <ProcessingFeeModal opened={editing !== null} fee={editing?.fee ?? null} onClose={() => setEditing(null)} />
      <ConfirmModal {...deleting.modal} title="Delete Processing Fee" message={SETTINGS_MSG.confirmDeleteFee} />
    </Card>
  );
}
