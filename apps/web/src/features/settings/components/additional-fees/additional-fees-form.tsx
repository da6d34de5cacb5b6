import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { UNCOLLECTED_AFTER_DAYS } from '@parceldesk/shared/constants';
import { additionalFeesSchema, SETTINGS_MSG, type AdditionalFeesInput } from '@parceldesk/shared/schemas/settings';
import { submitWithFeedback } from '../../../../lib/submit-with-feedback';
import { useUpdateAdditionalFees } from '../../api/additional-fees';
import { FormNumberInput } from '../form-number-input';

const FIELDS = ['gct', 'unknownFee', 'uncollectedFee', 'switchingFee'] as const;

/** Helper texts from spec section 3 (shipping fee settings). */
export const FEE_HELP = {
  gct: 'General Consumption Tax, applied only to freight charges',
  unknownFee: 'Charged for unknown packages that arrive with an incorrect mailbox number or name',
  uncollectedFee: `Charged for packages left uncollected for more than ${UNCOLLECTED_AFTER_DAYS} days`,
  switchingFee: 'Charged when a customer switches the pickup location of a package',
} as const;

/** Tab 2: GCT percent (0 to 100, step 0.1) and the named fees (>= 0, step 0.01). */
export function AdditionalFeesForm({ fees }: { fees: AdditionalFeesInput }) {
  const update = useUpdateAdditionalFees();
  const form = useForm({ resolver: zodResolver(additionalFeesSchema), defaultValues: fees });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await submitWithFeedback(form.setError, FIELDS, () => update.mutateAsync(values).then(() => true), {
      success: SETTINGS_MSG.feesUpdated,
      failure: SETTINGS_MSG.feesFailed,
    });
    if (!saved) return;
    form.reset(values);
  });

  const money = { min: 0, step: 0.01, decimalScale: 2, allowNegative: false, control: form.control } as const;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Additional fees">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FormNumberInput control={form.control} name="gct" label="GCT (%)" placeholder="16.5" description={FEE_HELP.gct} min={0} max={100} step={0.1} decimalScale={1} allowNegative={false} />
          <FormNumberInput {...money} name="unknownFee" label="Unknown Fee" placeholder="500.00" description={FEE_HELP.unknownFee} />
          <FormNumberInput {...money} name="uncollectedFee" label="Uncollected Fee" placeholder="300.00" description={FEE_HELP.uncollectedFee} />
          <FormNumberInput {...money} name="switchingFee" label="Switching Fee" placeholder="200.00" description={FEE_HELP.switchingFee} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            Update Shipping Fees
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
