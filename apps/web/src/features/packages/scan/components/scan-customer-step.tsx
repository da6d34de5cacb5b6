import { useState, type RefObject } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch, IconUser } from '@tabler/icons-react';
import type { ScanCustomer } from '@parceldesk/shared/schemas/package-scan';
import { errorMessage } from '../../../../lib/api-client';
import { searchScanCustomers } from '../api/scan-api';
import type { LookupState } from './use-scan-station';

interface CustomerStepProps {
  lookup: Extract<LookupState, { state: 'found' | 'offline' }>;
  customer: ScanCustomer | null;
  onCustomer: (customer: ScanCustomer | null) => void;
  labelMailbox: string;
  onLabelMailbox: (value: string) => void;
  labelName: string;
  onLabelName: (value: string) => void;
  searchRef: RefObject<HTMLInputElement | null>;
  /** Called once a customer is chosen: the weight is next. */
  onChosen: () => void;
  error?: string;
}

function CustomerCard({ customer, note }: { customer: ScanCustomer; note: string }) {
  return (
    <Paper withBorder p="sm" bg="var(--mantine-color-green-light)">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconUser size={20} aria-hidden />
        <div>
          <Text fw={700}>{customer.name}</Text>
          <Text size="sm">{customer.mailboxNumber}{customer.branchName ? ` · pickup ${customer.branchName}` : ''}</Text>
          <Text size="xs" c="dimmed">{note}</Text>
        </div>
      </Group>
    </Paper>
  );
}

/** Whose parcel: the pre-alert's customer, or one found by mailbox number or name; none leaves it unknown. */
export function ScanCustomerStep(props: CustomerStepProps) {
  const { lookup, customer, onCustomer } = props;
  const [results, setResults] = useState<ScanCustomer[] | null>(null);
  const [searchError, setSearchError] = useState<string | null>(null);
  const preAlert = lookup.state === 'found' ? lookup.result.preAlert : null;

  if (preAlert && customer?.id === preAlert.customer.id) {
    return (
      <Stack gap={4}>
        <CustomerCard customer={customer} note="Matched to the customer's pre-alert" />
        <Text size="sm">{preAlert.store} · {preAlert.description} · US${preAlert.declaredValue.toFixed(2)}</Text>
      </Stack>
    );
  }
  if (customer) {
    return (
      <Stack gap={4}>
        <CustomerCard customer={customer} note="Chosen by mailbox number or name" />
        <Button variant="subtle" size="compact-sm" w="fit-content" onClick={() => onCustomer(null)}>Choose another customer</Button>
      </Stack>
    );
  }

  const search = async () => {
    const text = props.labelMailbox.trim();
    if (text.length < 2) {
      setSearchError('Type at least 2 characters of a name or mailbox number');
      return;
    }
    try {
      setSearchError(null);
      const found = await searchScanCustomers(text);
      setResults(found);
      if (found.length === 1 && found[0]?.mailboxNumber.toUpperCase() === text.toUpperCase().replace(/\s+/g, '')) {
        onCustomer(found[0]);
        props.onChosen();
      }
    } catch (error) {
      setSearchError(errorMessage(error, 'Customers could not be searched'));
    }
  };

  return (
    <Stack gap="xs">
      {lookup.state === 'offline' ? (
        <Alert color="orange" title="Offline">The number will be matched to a pre-alert or mailbox when the scan syncs. Type the mailbox number from the label if there is one.</Alert>
      ) : (
        <Text size="sm">No pre-alert for this number. Type the mailbox number from the label (IEX-000123) or search the customer by name.</Text>
      )}
      <TextInput
        ref={props.searchRef}
        label={lookup.state === 'offline' ? 'Mailbox number on the label' : 'Mailbox number or customer name'}
        value={props.labelMailbox}
        onChange={(event) => props.onLabelMailbox(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && lookup.state === 'found') {
            event.preventDefault();
            void search();
          }
        }}
        error={searchError ?? props.error}
        rightSection={lookup.state === 'found' ? (
          <UnstyledButton aria-label="Search customers" onClick={() => void search()}><IconSearch size={16} /></UnstyledButton>
        ) : null}
      />
      {results && results.length === 0 ? <Text size="sm" c="dimmed">No customer found: saved without one, the parcel waits in Unknown Packages.</Text> : null}
      {results && results.length > 0 ? (
        <Stack gap={4} role="list" aria-label="Customers found">
          {results.map((found) => (
            <Button key={found.id} role="listitem" variant="default" justify="flex-start" onClick={() => { onCustomer(found); props.onChosen(); }}>
              {found.mailboxNumber} · {found.name}
            </Button>
          ))}
        </Stack>
      ) : null}
      <TextInput label="Name on the label (if no customer)" value={props.labelName} onChange={(event) => props.onLabelName(event.currentTarget.value)} />
    </Stack>
  );
}
