import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  PRICING_MSG, storageRulesFormSchema, storageRulesFromForm, storageRulesToForm, type StorageRulesForm, type StorageRulesInput,
} from '@parceldesk/shared/schemas/pricing-settings';
import { FormNativeSelect } from '../../../../components/ui/form-native-select';
import { FormNumberInput } from '../../../../components/ui/form-number-input';
import { QuerySection } from '../../../../components/ui/query-state';
import { submitWithFeedback } from '../../../../lib/submit-with-feedback';
import { useStorageRules, useUpdateStorageRules } from '../../api/pricing-settings';

const FIELDS = ['thresholdDays', 'reminderDays', 'feeMode', 'abandonmentDays'] as const;
const MODES = [{ value: 'once', label: 'Once, when the threshold passes' }, { value: 'per_day', label: 'Per day after the threshold' }] as const;


function RulesForm({ saved }: { saved: StorageRulesInput }) {
  const update = useUpdateStorageRules();
  const form = useForm<StorageRulesForm>({ resolver: zodResolver(storageRulesFormSchema), defaultValues: storageRulesToForm(saved) });
  const { isSubmitting } = form.formState;
  const feeMode = useWatch({ control: form.control, name: 'feeMode' });
  const onSubmit = form.handleSubmit(async (values) => {
    const answer = await submitWithFeedback(form.setError, FIELDS, () => update.mutateAsync(storageRulesFromForm(values)), {
      success: PRICING_MSG.storageUpdated,
      failure: PRICING_MSG.storageFailed,
    });
    if (answer) form.reset(storageRulesToForm(answer));
  });
  const days = { min: 1, max: 365, step: 1, decimalScale: 0, allowNegative: false, control: form.control } as const;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Storage rules">
      <Stack gap="md">
        <Text size="sm" c="dimmed">The uncollected fee above is charged by these rules on parcels left at the branch.</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FormNumberInput {...days} name="thresholdDays" label="Uncollected after (days)" placeholder="15" />
          <TextInput {...form.register('reminderDays')} label="Reminders at (days)" placeholder="7, 14" error={form.formState.errors.reminderDays?.message} />
          <FormNativeSelect control={form.control} name="feeMode" label="Uncollected fee charged" options={MODES} />
          <FormNumberInput control={form.control} name="cap" label="Cap when charged per day (J$)" placeholder="No cap" min={0} step={0.01} decimalScale={2}
            allowNegative={false} prefix="J$" thousandSeparator="," disabled={feeMode !== 'per_day'} />
          <FormNumberInput {...days} name="abandonmentDays" label="Abandoned after (days)" placeholder="60" description="After a final notice" />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            Save Storage Rules
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Additional Fees tab: when a parcel counts as uncollected, the reminders, the fee mode and abandonment. */
export function StorageRulesSection() {
  const query = useStorageRules();
  return (
    <QuerySection id="storage" title="Storage Rules" query={query} what="the storage rules">
      {(saved) => <RulesForm saved={saved} />}
    </QuerySection>
  );
}
