import { Button, Group, NumberInput, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { NUMERIC_FILTER_FIELDS, type FilterOption } from '@parceldesk/shared/schemas/list-query';
import type { DataTableColumn } from './types';

interface FilterPanelProps<T> {
  id: string;
  columns: DataTableColumn<T>[];
  /** The API's distinct values per field; it sends them only for columns with 2 to 50 values (filterKind). */
  options: Record<string, FilterOption[]>;
  pending: Record<string, string>;
  onChange: (field: string, value: string) => void;
  onApply: () => void;
  onClear: () => void;
}

const isNumeric = (field: string) => (NUMERIC_FILTER_FIELDS as readonly string[]).includes(field);

interface FilterInputProps {
  label: string;
  field: string;
  value: string;
  options: FilterOption[] | undefined;
  onChange: (value: string) => void;
}

/** Spec section 5: numeric (step 0.01) for total/amount/price/cost, a dropdown for 2–50 distinct values, else a text box. */
function FilterInput({ label, field, value, options, onChange }: FilterInputProps) {
  if (isNumeric(field)) {
    return <NumberInput label={label} step={0.01} decimalScale={2} value={value} onChange={(next) => onChange(String(next))} />;
  }
  if (options && options.length > 0) {
    return (
      <Select
        label={label}
        placeholder="All"
        data={options}
        value={value || null}
        onChange={(next) => onChange(next ?? '')}
        clearable
        searchable={options.length > 10}
        // Mounted only while open, so a lookup by label finds the input alone.
        comboboxProps={{ keepMounted: false }}
      />
    );
  }
  return <TextInput label={label} value={value} onChange={(event) => onChange(event.currentTarget.value)} />;
}

/** Pending filters; Apply (or Enter) commits them, Clear resets search and filters. */
export function FilterPanel<T>({ id, columns, options, pending, onChange, onApply, onClear }: FilterPanelProps<T>) {
  return (
    <Paper
      id={id}
      component="form"
      aria-label="Filters"
      withBorder
      p="md"
      onSubmit={(event) => {
        event.preventDefault();
        onApply();
      }}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="sm">
        {columns.map((column) => (
          <FilterInput
            key={column.field}
            label={column.label}
            field={column.field}
            value={pending[column.field] ?? ''}
            options={options[column.field]}
            onChange={(value) => onChange(column.field, value)}
          />
        ))}
      </SimpleGrid>
      <Group justify="flex-end" gap="sm" mt="md">
        <Button variant="default" onClick={onClear}>
          Clear
        </Button>
        <Button type="submit">Apply</Button>
      </Group>
    </Paper>
  );
}
