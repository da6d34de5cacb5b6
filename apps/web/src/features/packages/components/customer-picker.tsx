import { useState } from 'react';
import { Loader, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IconSearch } from '@tabler/icons-react';
import { SEARCH_DEBOUNCE_MS } from '@parceldesk/shared/constants';
import type { ListResponse } from '@parceldesk/shared/schemas/list-query';
import type { CustomerListItem } from '@parceldesk/shared/schemas/customers';
import { buildListPath } from '../../../components/data-table/list-request';
import { api, errorMessage } from '../../../lib/api-client';

interface CustomerPickerProps {
  /** The customer list to search: the courier's, or (super admin) one courier's in the network. */
  endpoint: string;
  value: string | null;
  onChange: (customer: CustomerListItem) => void;
  error?: string | null;
}

/** Search the courier's customers by name, mailbox, email or phone and choose one (arrow keys move between results). */
export function CustomerPicker({ endpoint, value, onChange, error }: CustomerPickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const path = buildListPath(endpoint, { page: 1, pageSize: 10, sort: null, order: 'asc', search: debounced, filters: {} });
  const results = useQuery({
    queryKey: ['packages', 'customer-search', path],
    queryFn: ({ signal }) => api<ListResponse<CustomerListItem>>(path, { signal }),
    enabled: debounced.length >= 2,
    placeholderData: keepPreviousData,
  });
  const rows = debounced.length >= 2 ? results.data?.data ?? [] : [];
  return (
    <Stack gap="xs">
      <TextInput
        label="Find the customer"
        description="Name, mailbox number, email or phone (at least 2 characters)"
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={results.isFetching ? <Loader size="xs" aria-label="Searching" /> : null}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        data-autofocus
      />
      {results.isError ? <Text c="red" size="sm" role="alert">{errorMessage(results.error, 'Could not search the customers')}</Text> : null}
      {debounced.length >= 2 && results.isSuccess && rows.length === 0 ? <Text size="sm" c="dimmed">No customer matches.</Text> : null}
      {rows.length > 0 ? (
        <Radio.Group
          label="Customer"
          value={value}
          onChange={(id) => {
            const chosen = rows.find((row) => row.id === id);
            if (chosen) onChange(chosen);
          }}
          error={error}
        >
          <Stack gap={6} mt={6}>
            {rows.map((row) => (
              <Radio key={row.id} value={row.id} label={`${row.name} · ${row.mailboxNumber}`} description={row.email} />
            ))}
          </Stack>
        </Radio.Group>
      ) : error ? <Text c="red" size="sm">{error}</Text> : null}
    </Stack>
  );
}
