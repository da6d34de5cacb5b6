import type { ReactNode } from 'react';
import { Badge, Button, Group, TextInput } from '@mantine/core';
import { IconFilter, IconSearch } from '@tabler/icons-react';

interface TableToolbarProps {
  search: { value: string; onChange: (value: string) => void };
  searchPlaceholder: string;
  /** Present when some column is filterable. */
  filters?: { isOpen: boolean; onToggle: () => void; activeCount: number; panelId: string };
  /** Export buttons and the screen's own buttons; they wrap onto new lines on a narrow screen. */
  actions?: ReactNode;
}

export function TableToolbar({ search, searchPlaceholder, filters, actions }: TableToolbarProps) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <Group gap="sm" align="flex-end" wrap="wrap" style={{ flex: '1 1 16rem', minWidth: 0 }}>
        <TextInput
          label="Search"
          type="search"
          placeholder={searchPlaceholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search.value}
          onChange={(event) => search.onChange(event.currentTarget.value)}
          style={{ flex: '1 1 12rem', minWidth: 0, maxWidth: '24rem' }}
        />
        {filters ? (
          <Button
            variant={filters.isOpen ? 'light' : 'default'}
            leftSection={<IconFilter size={16} aria-hidden />}
            rightSection={filters.activeCount > 0 ? <Badge size="sm" circle>{filters.activeCount}</Badge> : null}
            aria-expanded={filters.isOpen}
            aria-controls={filters.panelId}
            onClick={filters.onToggle}
          >
            Filters
          </Button>
        ) : null}
      </Group>
      {actions ? (
        <Group gap="sm" wrap="wrap">
          {actions}
        </Group>
      ) : null}
    </Group>
  );
}
