import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { PackageStatus } from '@parceldesk/shared/domain/packages';
import { PACKAGE_MSG, type PackageDetail } from '@parceldesk/shared/schemas/packages';
import { FormActions } from '../../../components/ui/form-actions';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useChangePackageStatus } from '../api/packages';
import { packageBadgeColor, packageStatusLabel } from './package-status-badge';

/** One button per move the server allows this viewer now (PackageDetail.allowedStatuses); each asks for an optional note. */
export function PackageStatusActions({ pkg }: { pkg: PackageDetail }) {
  const [target, setTarget] = useState<PackageStatus | null>(null);
  const moves = pkg.allowedStatuses.filter((status) => status !== pkg.status);
  if (moves.length === 0) return null;
  return (
    <div role="group" aria-label="Change status">
      <Group gap="xs" align="center">
        <Text size="sm" c="dimmed">Move to:</Text>
        {moves.map((status) => (
          <Button key={status} size="xs" variant="light" color={packageBadgeColor(status)} onClick={() => setTarget(status)}>
            {packageStatusLabel(status, 'staff')}
          </Button>
        ))}
      </Group>
      <Modal opened={target !== null} onClose={() => setTarget(null)} title={target ? `Move to ${packageStatusLabel(target, 'staff')}` : ''} centered>
        {target ? <StatusChangeForm pkg={pkg} status={target} onDone={() => setTarget(null)} /> : null}
      </Modal>
    </div>
  );
}

function StatusChangeForm({ pkg, status, onDone }: { pkg: PackageDetail; status: PackageStatus; onDone: () => void }) {
  const change = useChangePackageStatus(pkg.id);
  const [note, setNote] = useState('');
  const [location, setLocation] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      await change.mutateAsync({ status, note: note.trim() || null, location: location.trim() || null });
      notify.success(PACKAGE_MSG.statusChanged);
      onDone();
    } catch (error) {
      const message = errorMessage(error, 'Failed to change the status');
      setFailure(message);
      notify.error(message);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Change status">
      <Stack gap="sm">
        <Text size="sm">{`${pkg.packageNumber}: ${packageStatusLabel(pkg.status, 'staff')} → ${packageStatusLabel(status, 'staff')}`}</Text>
        <TextInput label="Where" description="Branch or warehouse (optional)" value={location} onChange={(e) => setLocation(e.currentTarget.value)} data-autofocus />
        <Textarea label="Note" description="Kept in the history (optional)" autosize minRows={2} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
        {failure ? <Alert color="red" role="alert" title="The status was not changed">{failure}</Alert> : null}
        <FormActions submitLabel={`Move to ${packageStatusLabel(status, 'staff')}`} submitting={change.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}
