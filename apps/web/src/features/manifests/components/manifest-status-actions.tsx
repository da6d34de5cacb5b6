import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { MANIFEST_MOVES, MANIFEST_MSG, type ManifestAction } from '@parceldesk/shared/domain/manifests';
import { PACKAGE_STATUS_LABELS } from '@parceldesk/shared/domain/packages';
import type { ManifestDetail } from '@parceldesk/shared/schemas/manifests';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useChangeManifestStatus } from '../api/manifests';

const CONSEQUENCE: Record<ManifestAction, (n: number) => string> = {
  close: (n) => `Seal the manifest with its ${n} package${n === 1 ? '' : 's'}: nothing can be added or removed afterwards, and the exports are final.`,
  reopen: () => 'Open the manifest again so packages can be added or removed. Say why: it is kept in the audit log.',
  depart: (n) => `Its ${n} package${n === 1 ? '' : 's'} become ${PACKAGE_STATUS_LABELS.in_transit} and their customers are emailed.`,
  arrive: (n) => `Its ${n} package${n === 1 ? '' : 's'} become ${PACKAGE_STATUS_LABELS.arrived} and their customers are emailed.`,
};

/** One button per move the server allows this viewer now; each asks first (reopen asks for the reason). */
export function ManifestStatusActions({ manifest }: { manifest: ManifestDetail }) {
  const [action, setAction] = useState<ManifestAction | null>(null);
  if (manifest.allowedActions.length === 0) return null;
  return (
    <>
      <Group gap="xs" role="group" aria-label="Manifest status">
        {manifest.allowedActions.map((a) => (
          <Button key={a} variant={a === 'reopen' ? 'default' : 'filled'} onClick={() => setAction(a)}>{MANIFEST_MOVES[a].label}</Button>
        ))}
      </Group>
      <Modal opened={action !== null} onClose={() => setAction(null)} title={action ? `${MANIFEST_MOVES[action].label} ${manifest.number}?` : ''} centered>
        {action ? <MoveForm manifest={manifest} action={action} onDone={() => setAction(null)} /> : null}
      </Modal>
    </>
  );
}

function MoveForm({ manifest, action, onDone }: { manifest: ManifestDetail; action: ManifestAction; onDone: () => void }) {
  const change = useChangeManifestStatus(manifest.id);
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const needsReason = action === 'reopen';
  const submit = async () => {
    setFailure(null);
    if (needsReason && !note.trim()) {
      setFailure(MANIFEST_MSG.reopenReasonRequired);
      return;
    }
    try {
      const result = await change.mutateAsync({ action, note: note.trim() || null });
      notify.success(result.message);
      onDone();
    } catch (error) {
      const message = errorMessage(error, 'The manifest was not changed');
      setFailure(message);
      notify.error(message);
    }
  };
  return (
    <Stack gap="sm">
      <Text>{CONSEQUENCE[action](manifest.totals.packages)}</Text>
      <Textarea label={needsReason ? 'Reason' : 'Note'} description={needsReason ? 'Required' : 'Kept in the manifest history (optional)'} required={needsReason}
        autosize minRows={2} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
      {failure ? <Alert color="red" role="alert" title="The manifest was not changed">{failure}</Alert> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone} disabled={change.isPending}>Cancel</Button>
        <Button onClick={() => void submit()} loading={change.isPending} data-autofocus>{MANIFEST_MOVES[action].label}</Button>
      </Group>
    </Stack>
  );
}
