import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { PACKAGE_MSG, type PackageClaim } from '@parceldesk/shared/schemas/packages';
import { DetailList } from '../../../components/ui/detail-list';
import { formatDateTime } from '../../../components/ui/format-date';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useDecideClaim } from '../api/packages';
import { PackageFiles } from './package-files';

export function ClaimReviewModal({ claim, onClose }: { claim: PackageClaim | null; onClose: () => void }) {
  return (
    <Modal opened={claim !== null} onClose={onClose} title={claim ? `Claim for ${claim.trackingNumber}` : ''} centered size="lg">
      {claim ? <ClaimReview claim={claim} onDone={onClose} /> : null}
    </Modal>
  );
}

/** Approve (the package becomes the claimant's) or reject with a reason; the customer is told either way. */
function ClaimReview({ claim, onDone }: { claim: PackageClaim; onDone: () => void }) {
  const decide = useDecideClaim();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = async (decision: 'approve' | 'reject') => {
    if (decision === 'reject' && !reason.trim()) {
      setProblem(PACKAGE_MSG.claimRejectReason);
      return;
    }
    setProblem(null);
    try {
      await decide.mutateAsync({ id: claim.id, decision, reason: reason.trim() || null });
      notify.success(decision === 'approve' ? `Claim approved: the package is now ${claim.customer.name}'s` : 'Claim rejected; the customer has been told why');
      onDone();
    } catch (error) {
      const message = errorMessage(error, 'Failed to decide the claim');
      setProblem(message);
      notify.error(message);
    }
  };
  const isPending = claim.status === 'pending';
  return (
    <Stack gap="sm">
      <DetailList
        items={[
          { label: 'Customer', value: `${claim.customer.name} (${claim.customer.mailboxNumber})` },
          { label: 'Package', value: claim.packageNumber },
          { label: 'Submitted', value: formatDateTime(claim.createdAt) },
          { label: 'Customer note', value: claim.note },
          ...(claim.decisionReason ? [{ label: 'Reason', value: claim.decisionReason }] : []),
        ]}
      />
      <PackageFiles files={claim.proof ? [claim.proof] : []} empty="No proof was uploaded." />
      {isPending ? (
        <>
          <Textarea
            label="Reason"
            description="Required to reject; the customer reads it"
            autosize
            minRows={2}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={problem === PACKAGE_MSG.claimRejectReason ? problem : null}
          />
          {problem && problem !== PACKAGE_MSG.claimRejectReason ? <Alert color="red" role="alert" title="The claim was not decided">{problem}</Alert> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDone} disabled={decide.isPending}>Close</Button>
            <Button color="red" variant="light" onClick={() => void send('reject')} loading={decide.isPending && decide.variables?.decision === 'reject'} disabled={decide.isPending}>
              Reject claim
            </Button>
            <Button color="green" onClick={() => void send('approve')} loading={decide.isPending && decide.variables?.decision === 'approve'} disabled={decide.isPending}>
              Approve claim
            </Button>
          </Group>
        </>
      ) : (
        <Text size="sm" c="dimmed">{`This claim was ${claim.status} ${formatDateTime(claim.decidedAt)}.`}</Text>
      )}
    </Stack>
  );
}
