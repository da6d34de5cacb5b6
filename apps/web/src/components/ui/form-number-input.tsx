import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { NumberInput, type NumberInputProps } from '@mantine/core';

interface FormNumberInputProps<T extends FieldValues> extends Omit<NumberInputProps, 'value' | 'onChange' | 'name' | 'error'> {
  control: Control<T>;
  name: Path<T>;
}

/**
 * A Mantine NumberInput bound to react-hook-form. An empty box is `undefined`, so the schema's
 * "required" message shows instead of a silent 0; min, max and step drive the arrow keys.
 */
export function FormNumberInput<T extends FieldValues>({ control, name, ...props }: FormNumberInputProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          // Out-of-range values get the schema's message rather than being silently changed on blur.
          clampBehavior="none"
          {...props}
          name={field.name}
          ref={field.ref}
          value={(field.value as number | undefined) ?? ''}
          onBlur={field.onBlur}
          onChange={(value) => field.onChange(value === '' ? undefined : typeof value === 'number' ? value : Number(value))}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
