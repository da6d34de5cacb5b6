import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group } from '@mantine/core';
import type { z } from 'zod';
import { CUSTOMER_MSG, customerBranchSchema, type CustomerDetail } from '@parceldesk/shared/schemas/customers';
import { FormNativeSelect } from '../../../components/ui/form-native-select';
import { submitWithFeedback } from '../../../lib/submit-with-feedback';
import { useActiveBranchOptions } from '../api/active-branches';
import { useChangeCustomerBranch } from '../api/customers';

type Values = z.input<typeof customerBranchSchema>;

/** A customer's home branch is chosen from the courier's active branches (issue 3). */
export function ChangeBranchForm({ customer }: { customer: CustomerDetail }) {
  const change = useChangeCustomerBranch(customer.id);
  const branches = useActiveBranchOptions(customer.courier.id);
  const form = useForm<Values>({ resolver: zodResolver(customerBranchSchema), defaultValues: { branchId: customer.branch?.id ?? '' } });
  const options = branches.data ?? [];
  // The current branch stays visible even when it has since been closed.
  const shown = customer.branch && !options.some((o) => o.value === customer.branch?.id)
    ? [{ value: customer.branch.id, label: `${customer.branch.name} (inactive)` }, ...options]
    : options;

  const onSubmit = form.handleSubmit(async ({ branchId }) => {
    await submitWithFeedback(form.setError, ['branchId'], () => change.mutateAsync(branchId), {
      success: CUSTOMER_MSG.branchChanged,
      failure: 'Failed to change branch',
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change home branch">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <FormNativeSelect
          control={form.control}
          name="branchId"
          label="Home Branch"
          required
          placeholder={branches.isPending ? 'Loading branches…' : 'Choose a branch'}
          options={shown}
          disabled={branches.isPending}
        />
        <Button type="submit" loading={form.formState.isSubmitting} disabled={!form.formState.isDirty}>
          Change Branch
        </Button>
      </Group>
    </form>
  );
}
