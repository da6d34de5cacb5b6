import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, Stack } from '@mantine/core';
import { createBranchSchema, type CreateBranchInput } from '@parceldesk/shared/schemas/branches';
import { CourierChoice, hasCourierChoice } from '../../../components/ui/courier-choice';
import { FormActions } from '../../../components/ui/form-actions';
import { submitWithFeedback } from '../../../lib/submit-with-feedback';
import { useCreateBranch } from '../api/branches';
import { BranchFields, toBranchPayload } from './branch-fields';

const FIELDS = ['name', 'code', 'address', 'phone', 'openingHours', 'courierId'] as const;
const EMPTY: CreateBranchInput = { name: '', code: '', address: '', phone: '', openingHours: '', isActive: true, courierId: null };

interface CreateBranchModalProps {
  opened: boolean;
  onClose: () => void;
  /** The super admin chooses the courier the branch belongs to. */
  chooseCourier: boolean;
}

export function CreateBranchModal({ opened, onClose, chooseCourier }: CreateBranchModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Create Branch" centered size="lg">
      {opened ? <CreateBranchForm chooseCourier={chooseCourier} onDone={onClose} /> : null}
    </Modal>
  );
}

function CreateBranchForm({ chooseCourier, onDone }: { chooseCourier: boolean; onDone: () => void }) {
  const create = useCreateBranch();
  const form = useForm<CreateBranchInput>({ resolver: zodResolver(createBranchSchema), defaultValues: EMPTY });

  const onSubmit = form.handleSubmit(async (values) => {
    if (!hasCourierChoice(chooseCourier, values, form.setError)) return;
    const branch = await submitWithFeedback(form.setError, FIELDS, () => create.mutateAsync(toBranchPayload(values)), {
      success: (created) => `Branch ${created.name} created`, failure: 'Failed to create branch',
    });
    if (branch) onDone();
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create branch">
      <Stack gap="sm">
        {chooseCourier ? <CourierChoice control={form.control} /> : null}
        <BranchFields form={form} />
        <FormActions submitLabel="Create Branch" onCancel={onDone} submitting={form.formState.isSubmitting} />
      </Stack>
    </form>
  );
}
