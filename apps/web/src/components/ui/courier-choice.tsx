import type { Control, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { MSG } from '@parceldesk/shared/messages';
import { FormNativeSelect } from './form-native-select';
import { useCourierOptions } from './option-queries';

type WithCourier = FieldValues & { courierId?: string | null };

/** The super admin's "which courier" choice on a create form (a courier's own admin never sees it). */
export function CourierChoice<T extends WithCourier>({ control }: { control: Control<T> }) {
  const couriers = useCourierOptions();
  return (
    <FormNativeSelect
      control={control}
      name={'courierId' as Path<T>}
      label="Courier"
      required
      emptyAsNull
      placeholder={couriers.isPending ? 'Loading couriers…' : 'Choose a courier'}
      options={couriers.data ?? []}
    />
  );
}

/** False (and the field says why) when the form must name a courier and does not. */
export function hasCourierChoice<T extends WithCourier>(chooseCourier: boolean, values: T, setError: UseFormSetError<T>): boolean {
  if (!chooseCourier || values.courierId) return true;
  setError('courierId' as Path<T>, { type: 'required', message: MSG.courierRequired });
  return false;
}
