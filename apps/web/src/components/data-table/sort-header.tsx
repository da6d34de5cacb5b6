import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { DataTableColumn } from './types';

interface SortHeaderProps<T> {
  column: DataTableColumn<T>;
  sort: string | null;
  order: 'asc' | 'desc';
  onSort: (field: string) => void;
}

/** A header cell; a sortable one holds a button that toggles asc/desc and reports it with aria-sort. */
export function SortHeader<T>({ column, sort, order, onSort }: SortHeaderProps<T>) {
  if (!column.sortable) return <Table.Th style={{ whiteSpace: 'nowrap' }}>{column.label}</Table.Th>;
  const isActive = sort === column.field;
  const Icon = !isActive ? IconSelector : order === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <Table.Th aria-sort={isActive ? (order === 'asc' ? 'ascending' : 'descending') : 'none'} style={{ whiteSpace: 'nowrap' }}>
      <UnstyledButton onClick={() => onSort(column.field)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap" component="span">
          {column.label}
          <Icon size={14} aria-hidden style={{ opacity: isActive ? 1 : 0.5 }} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
