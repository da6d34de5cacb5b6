import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { NativeSelect } from '@mantine/core';

export interface SelectOption {
  value: string;
  label: string;
}

interface FormNativeSelectProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  options: readonly SelectOption[];
  /** The empty first choice ("Choose a branch"); '' is stored as null when `emptyAsNull`. */
  placeholder?: string;
  emptyAsNull?: boolean;
  required?: boolean;
  disabled?: boolean;
  description?: string;
}

/**
 * A native select bound to a form. Native keeps it usable on a phone and by keyboard; controlled
 * so a value set before its options load (a saved branch) is still shown once they arrive.
 */
export function FormNativeSelect<T extends FieldValues>({ control, name, options, placeholder, emptyAsNull = false, ...props }: FormNativeSelectProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NativeSelect
          {...props}
          ref={field.ref}
          name={field.name}
          value={(field.value as string | null | undefined) ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            field.onChange(emptyAsNull && value === '' ? null : value);
          }}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          data={placeholder === undefined ? [...options] : [{ value: '', label: placeholder }, ...options]}
        />
      )}
    />
  );
}
