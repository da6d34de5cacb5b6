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
import { searchScanCustomers } from '../scan/api/scan-api';

/** A customer a package can be given to, as the search shows it. */
export interface PickedCustomer {
  id: string;
  name: string;
  mailboxNumber: string;
  /** The email (network list) or pickup branch (courier search) under the name. */
  detail: string | null;
}

/**
 * Where the customers are searched. A courier's people use the warehouse search
 * (GET /packages/scan-customers, open to packages_scan and packages_unknown), so a clerk who
 * assigns unknown packages needs no customers_view; the super admin searches one courier's list.
 */
export type CustomerSource = { kind: 'courier' } | { kind: 'network'; courierId: string };

async function searchCustomers(source: CustomerSource, search: string, signal: AbortSignal): Promise<PickedCustomer[]> {
  if (source.kind === 'courier') {
    const found = await searchScanCustomers(search, signal);
    return found.map((c) => ({ id: c.id, name: c.name, mailboxNumber: c.mailboxNumber, detail: c.branchName || null }));
  }
  const path = buildListPath(`/network/couriers/${encodeURIComponent(source.courierId)}/customers`, { page: 1, pageSize: 10, sort: null, order: 'asc', search, filters: {} });
  const list = await api<ListResponse<CustomerListItem>>(path, { signal });
  return list.data.map((c) => ({ id: c.id, name: c.name, mailboxNumber: c.mailboxNumber, detail: c.email }));
}

interface CustomerPickerProps {
  source: CustomerSource;
  value: string | null;
  onChange: (customer: PickedCustomer) => void;
  error?: string | null;
}

/** Search the courier's customers by name or mailbox number and choose one (arrow keys move between results). */
export function CustomerPicker({ source, value, onChange, error }: CustomerPickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const results = useQuery({
    queryKey: ['packages', 'customer-search', source, debounced],
    queryFn: ({ signal }) => searchCustomers(source, debounced, signal),
    enabled: debounced.length >= 2,
    placeholderData: keepPreviousData,
  });
  const rows = debounced.length >= 2 ? results.data ?? [] : [];
  return (
    <Stack gap="xs">
      <TextInput
        label="Find the customer"
        description={source.kind === 'courier' ? 'Name or mailbox number (at least 2 characters)' : 'Name, mailbox number, email or phone (at least 2 characters)'}
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
              <Radio key={row.id} value={row.id} label={`${row.name} · ${row.mailboxNumber}`} description={row.detail} />
            ))}
          </Stack>
        </Radio.Group>
      ) : error ? <Text c="red" size="sm">{error}</Text> : null}
    </Stack>
  );
}
