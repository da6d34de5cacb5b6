import { Controller, useFormContext } from 'react-hook-form';
import { Select, type ComboboxItem } from '@mantine/core';
import type { RegistrationFormValues } from '@parceldesk/shared/schemas/registration';

interface FormSelectProps {
  name: 'title' | 'parish' | 'branchId';
  label: string;
  placeholder: string;
  data: readonly (string | ComboboxItem)[];
  disabled?: boolean;
}

/** A required Mantine Select bound to the wizard form; an empty choice is '' so the schema's message shows. */
export function FormSelect({ name, data, ...props }: FormSelectProps) {
  const { control } = useFormContext<RegistrationFormValues>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <Select
          {...props}
          data={[...data]}
          allowDeselect={false}
          // Mantine keeps the closed listbox mounted and labelled by the same label, so a lookup by
          // label (getByLabel('Parish')) would find two elements; mount it only while open.
          comboboxProps={{ keepMounted: false }}
          ref={field.ref}
          name={field.name}
          value={field.value || null}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
