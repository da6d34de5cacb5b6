import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { FormActions } from '../../../../components/ui/form-actions';
import { SETTINGS_MSG, shippingRateSchema } from '@parceldesk/shared/schemas/settings';
import { submitWithFeedback } from '../../../../lib/submit-with-feedback';
import { useSaveShippingRate, type ShippingRate } from '../../api/shipping-rates';
import { FormNumberInput } from '../form-number-input';

const FIELDS = ['weight', 'cost', 'status'] as const;
const SAVE_FAILED = 'Failed to save shipping rate';

interface RateFormModalProps {
  opened: boolean;
  /** The rate being edited; null creates one (spec section 4: the modal switches mode). */
  rate: ShippingRate | null;
  onClose: () => void;
}

export function RateFormModal({ opened, rate, onClose }: RateFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={rate ? 'Edit Rate' : 'Create Rate'} centered>
      {/* Keyed so each opening starts from the rate's values (or blank). */}
      {opened ? <RateForm key={rate?.id ?? 'new'} rate={rate} onDone={onClose} /> : null}
    </Modal>
  );
}

function RateForm({ rate, onDone }: { rate: ShippingRate | null; onDone: () => void }) {
  const save = useSaveShippingRate();
  const form = useForm({
    resolver: zodResolver(shippingRateSchema),
    defaultValues: { weight: rate?.weight ?? '', cost: rate?.cost, status: rate?.status ?? 'ACTIVE' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await submitWithFeedback(form.setError, FIELDS, () => save.mutateAsync({ id: rate?.id ?? null, values }).then(() => true), {
      success: rate ? SETTINGS_MSG.rateUpdated : SETTINGS_MSG.rateCreated,
      failure: SAVE_FAILED,
    });
    if (!saved) return;
    onDone();
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={rate ? 'Edit rate' : 'Create rate'}>
      <Stack gap="sm">
        <TextInput label="Weight" placeholder="1 lb" description="Pounds, such as 1, 1 lb or 2.5lbs" required data-autofocus error={errors.weight?.message} {...form.register('weight')} />
        <FormNumberInput control={form.control} name="cost" label="Cost" placeholder="650.00" required min={0} step={0.01} decimalScale={2} allowNegative={false} />
        <NativeSelect label="Status" data={['ACTIVE', 'INACTIVE']} error={errors.status?.message} {...form.register('status')} />
        <FormActions submitLabel={rate ? 'Update Rate' : 'Create Rate'} onCancel={onDone} submitting={isSubmitting} />
      </Stack>
    </form>
  );
}
