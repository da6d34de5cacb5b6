import { useState } from 'react';
import { Button, Card, Group, Title } from '@mantine/core';
import { SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import { errorMessage } from '../../../../lib/api-client';
import { notify } from '../../../../lib/toast';
import { useDeleteProcessingFee, useProcessingFees, type ProcessingFee } from '../../api/processing-fees';
import { ConfirmModal } from '../../../../components/ui/confirm-modal';
import { QueryState } from '../../../../components/ui/query-state';
import { ProcessingFeeModal } from './processing-fee-modal';
import { ProcessingFeesTable } from './processing-fees-table';

/** Tab 3: a fee per weight range. */
export function ProcessingFeesTab() {
  const query = useProcessingFees();
  const remove = useDeleteProcessingFee();
  const [editing, setEditing] = useState<{ fee: ProcessingFee | null } | null>(null);
  const [deleting, setDeleting] = useState<ProcessingFee | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify.success(SETTINGS_MSG.processingFeeDeleted);
      setDeleting(null);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to delete processing fee'));
    }
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="processing-heading">
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={2} size="h4" id="processing-heading">
          Processing Fees
        </Title>
        <Button onClick={() => setEditing({ fee: null })}>+ Create Fee</Button>
      </Group>
      <QueryState query={query} what="the processing fees">
        {(fees) => <ProcessingFeesTable fees={fees} onEdit={(fee) => setEditing({ fee })} onDelete={setDeleting} />}
      </QueryState>
      <ProcessingFeeModal opened={editing !== null} fee={editing?.fee ?? null} onClose={() => setEditing(null)} />
      <ConfirmModal
        opened={deleting !== null}
        title="Delete Processing Fee"
        message={SETTINGS_MSG.confirmDeleteFee}
        confirmLabel="Delete"
        danger
        isWorking={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}
