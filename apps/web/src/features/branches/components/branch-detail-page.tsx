import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useParams } from 'react-router';
import { Card, Group, Stack, Title } from '@mantine/core';
import { FormActions } from '../../../components/ui/form-actions';
import { updateBranchSchema, type BranchDetail, type UpdateBranchInput } from '@parceldesk/shared/schemas/branches';
import { DetailList } from '../../../components/ui/detail-list';
import { formatDate } from '../../../components/ui/format-date';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useAreaRoot } from '../../../components/ui/use-area-root';
import { submitWithFeedback } from '../../../lib/submit-with-feedback';
import { useBranch, useUpdateBranch } from '../api/branches';
import { BranchFields, toBranchPayload } from './branch-fields';

const FIELDS = ['name', 'code', 'address', 'phone', 'openingHours'] as const;

const valuesOf = (branch: BranchDetail): UpdateBranchInput => ({
  name: branch.name,
  code: branch.code ?? '',
  address: branch.address ?? '',
  phone: branch.phone ?? '',
  openingHours: branch.openingHours ?? '',
  isActive: branch.isActive,
});

/** /admin/branches/{id} and /superadmin/branches/{id}: the branch, its figures and its edit form. */
export function BranchDetailPage() {
  const { id = '' } = useParams();
  const root = useAreaRoot();
  const query = useBranch(id);
  return (
    <Stack gap="lg" maw={900}>
      <PageHeader
        title={query.data?.name ?? 'Branch'}
        subtitle={query.data ? <Group gap="xs">{root === '/superadmin' ? query.data.courierName : null}<StatusBadge isActive={query.data.isActive} /></Group> : undefined}
        back={{ to: `${root}/branches`, label: 'All branches' }}
      />
      <QueryState query={query} what="the branch">
        {(branch) => (
          <>
            <Card withBorder padding="lg">
              <DetailList
                items={[
                  { label: 'Customers', value: branch.customersCount },
                  { label: 'Staff', value: branch.staffCount },
                  { label: 'Created', value: formatDate(branch.createdAt) },
                  { label: 'Courier', value: branch.courierName },
                ]}
              />
            </Card>
            <Card withBorder padding="lg" component="section" aria-labelledby="edit-branch-heading">
              <Title order={2} size="h4" mb="md" id="edit-branch-heading">
                Edit branch
              </Title>
              <BranchEditForm key={branch.updatedAt} branch={branch} />
            </Card>
          </>
        )}
      </QueryState>
    </Stack>
  );
}

function BranchEditForm({ branch }: { branch: BranchDetail }) {
  const update = useUpdateBranch(branch.id);
  const form = useForm<UpdateBranchInput>({ resolver: zodResolver(updateBranchSchema), defaultValues: valuesOf(branch) });

  const onSubmit = form.handleSubmit(async (values) => {
    await submitWithFeedback(form.setError, FIELDS, () => update.mutateAsync(toBranchPayload(values)), { success: 'Branch updated successfully!', failure: 'Failed to update branch' });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Edit branch">
      <Stack gap="sm">
        <BranchFields form={form} />
        <FormActions submitLabel="Save Changes" submitting={form.formState.isSubmitting} />
      </Stack>
    </form>
  );
}
