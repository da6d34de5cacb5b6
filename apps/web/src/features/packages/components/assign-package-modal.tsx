import { useState, type FormEvent } from 'react';
import { Alert, Modal, Stack, Text, Textarea } from '@mantine/core';
import { PACKAGE_MSG, type UnknownPackageListItem } from '@parceldesk/shared/schemas/packages';
import { FormActions } from '../../../components/ui/form-actions';
import { useAreaRoot } from '../../../components/ui/use-area-root';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useAssignPackage } from '../api/packages';
import { CustomerPicker, type PickedCustomer } from './customer-picker';

/** What the form needs of the package: from the unknown list or the package page. */
type AssignablePackage = Pick<UnknownPackageListItem, 'id' | 'packageNumber' | 'trackingNumber' | 'labelName' | 'labelMailbox' | 'courierId'>;

interface AssignPackageModalProps {
  pkg: AssignablePackage | null;
  onClose: () => void;
}

export function AssignPackageModal({ pkg, onClose }: AssignPackageModalProps) {
  return (
    <Modal opened={pkg !== null} onClose={onClose} title={pkg ? `Assign ${pkg.packageNumber}` : ''} centered size="lg">
      {pkg ? <AssignForm pkg={pkg} onDone={onClose} /> : null}
    </Modal>
  );
}

/** An unknown package becomes a customer's (audited; the courier's unknown fee is recorded on it). */
function AssignForm({ pkg, onDone }: { pkg: AssignablePackage; onDone: () => void }) {
  const root = useAreaRoot();
  const assign = useAssignPackage(pkg.id);
  const [customer, setCustomer] = useState<PickedCustomer | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!customer) {
      setProblem('Choose a customer');
      return;
    }
    setProblem(null);
    try {
      await assign.mutateAsync({ customerId: customer.id, note: note.trim() || null });
      notify.success(`${PACKAGE_MSG.assigned} to ${customer.name} (${customer.mailboxNumber})`);
      onDone();
    } catch (error) {
      const message = errorMessage(error, 'Failed to assign the package');
      setProblem(message);
      notify.error(message);
    }
  };
  const label = [pkg.labelName, pkg.labelMailbox].filter(Boolean).join(' · ');
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Assign package">
      <Stack gap="sm">
        <Text size="sm">{`Tracking ${pkg.trackingNumber}${label ? `; the label reads: ${label}` : ''}`}</Text>
        <CustomerPicker source={root === '/superadmin' ? { kind: 'network', courierId: pkg.courierId } : { kind: 'courier' }} value={customer?.id ?? null} onChange={setCustomer} />
        <Textarea label="Note" description="Kept in the package's history (optional)" autosize minRows={2} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
        {problem ? <Alert color="red" role="alert" title="The package was not assigned">{problem}</Alert> : null}
        <FormActions submitLabel="Assign package" submitting={assign.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}
