import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Card, Checkbox, Group, SimpleGrid, Stack, Table, Text, TextInput, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconCamera, IconScan, IconSignature } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { PICKUP_MSG, type CounterLookup, type CounterParcel } from '@parceldesk/shared/schemas/pickups';
import { CameraScanModal } from '../../../components/scan/camera-scan-modal';
import { QueryState } from '../../../components/ui/query-state';
import { counterLookupQuery } from '../api/pickups';
import { CounterFrame, useCounterPaths } from './counter-frame';
import { TakePayment } from './take-payment';
import { formatJmd } from '../../../components/ui/format-money';

/**
 * The pickup counter (issue 13): a scanned label or invoice barcode (USB scanners type and press
 * Enter), a mailbox number or a name finds the customer's parcels ready for pickup, with what is
 * paid and what is due; the clerk takes the payment, then opens the signing page.
 */
export function CounterPage() {
  const [params, setParams] = useSearchParams();
  const code = params.get('code') ?? '';
  const customerId = params.get('customer') ?? '';
  const paths = useCounterPaths();
  const [typed, setTyped] = useState(code);
  const [error, setError] = useState<string | null>(null);
  const [isCameraOpen, setCameraOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const search = customerId ? { customerId } : { code };
  const lookup = useQuery({ ...counterLookupQuery(search), enabled: Boolean(code || customerId) });

  useEffect(() => setTyped(code), [code]);

  const find = (event: FormEvent) => {
    event.preventDefault();
    const value = typed.trim();
    if (!value) {
      setError(PICKUP_MSG.codeRequired);
      return;
    }
    setError(null);
    setParams({ code: value });
    // Ready for the next scan at once.
    input.current?.select();
  };

  return (
    <CounterFrame title="Pickup Counter" back={{ to: paths.dashboard, label: 'Dashboard' }}>
      <Stack gap="md">
        <form onSubmit={find} noValidate>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              ref={input}
              style={{ flex: '1 1 260px' }}
              label="Scan a label or invoice, or type a mailbox number or name"
              placeholder="IEX-P-0000123, INV-000045, mailbox or name"
              leftSection={<IconScan size={18} aria-hidden />}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              error={error}
              autoFocus
              autoComplete="off"
              size="md"
            />
            <Button type="submit" size="md">Find</Button>
            <Button size="md" variant="default" leftSection={<IconCamera size={18} aria-hidden />} onClick={() => setCameraOpen(true)}>Camera</Button>
          </Group>
        </form>
        <CameraScanModal
          opened={isCameraOpen}
          onClose={() => setCameraOpen(false)}
          onDetected={(scanned) => {
            setCameraOpen(false);
            setParams({ code: scanned });
          }}
        />
        {code || customerId ? (
          <QueryState query={lookup} what="the customer's parcels">
            {(data) => <CounterResult data={data} onChoose={(id) => setParams({ customer: id })} />}
          </QueryState>
        ) : null}
      </Stack>
    </CounterFrame>
  );
}

function CounterResult({ data, onChoose }: { data: CounterLookup; onChoose: (customerId: string) => void }) {
  return (
    <Stack gap="md">
      {data.message ? <Alert color={data.customer ? 'yellow' : 'gray'} role="status">{data.message}</Alert> : null}
      {data.candidates.length > 0 ? (
        <Card withBorder>
          <Text fw={600} mb="xs">Several customers match: choose one</Text>
          <Stack gap={4}>
            {data.candidates.map((candidate) => (
              <UnstyledButton key={candidate.id} onClick={() => onChoose(candidate.id)} p="xs" style={{ borderRadius: 6, border: '1px solid var(--mantine-color-gray-3)' }}>
                <Text fw={500}>{candidate.name}</Text>
                <Text size="sm" c="dimmed">Mailbox {candidate.mailboxNumber}{candidate.branchName ? ` · ${candidate.branchName}` : ''}</Text>
              </UnstyledButton>
            ))}
          </Stack>
        </Card>
      ) : null}
      {data.customer ? <CustomerParcels data={data} /> : null}
    </Stack>
  );
}

function CustomerParcels({ data }: { data: CounterLookup }) {
  const customer = data.customer!;
  const navigate = useNavigate();
  const paths = useCounterPaths();
  const [selected, setSelected] = useState<Set<string>>(() => new Set(data.parcels.map((p) => p.id)));
  // A new lookup (another customer, or after a payment) selects all ready parcels again.
  useEffect(() => setSelected(new Set(data.parcels.map((p) => p.id))), [data]);
  const chosen = data.parcels.filter((parcel) => selected.has(parcel.id));
  const chosenNumbers = new Set(chosen.map((parcel) => parcel.packageNumber));
  const invoices = data.invoices.filter((invoice) => invoice.packageNumbers.some((n) => chosenNumbers.has(n)));
  const due = invoices.reduce((sum, invoice) => sum + invoice.balanceCents, 0);
  const paid = invoices.reduce((sum, invoice) => sum + invoice.paidCents, 0);
  const total = invoices.reduce((sum, invoice) => sum + invoice.totalCents, 0);
  const uninvoiced = chosen.filter((parcel) => !parcel.isInvoiced);

  const toggle = (id: string) => setSelected((current) => {
    const next = new Set(current);
    if (next.has(id)) next.delete(id); else next.add(id);
    return next;
  });

  const signAndRelease = () => {
    const anchor = invoices[0]?.invoiceNumber ?? chosen[0]?.packageNumber ?? '';
    navigate(`${paths.signing(anchor)}?packages=${chosen.map((parcel) => parcel.id).join(',')}`);
  };

  return (
    <Stack gap="md">
      <Card withBorder>
        <Group justify="space-between" wrap="wrap">
          <div>
            <Text fw={700} size="lg">{customer.name}</Text>
            <Text size="sm" c="dimmed">Mailbox {customer.mailboxNumber}{customer.branchName ? ` · ${customer.branchName}` : ''} · {customer.email}</Text>
          </div>
          <Badge size="lg" variant="light">{data.parcels.length} ready for pickup</Badge>
        </Group>
      </Card>
      {data.parcels.length > 0 ? (
        <Table.ScrollContainer minWidth={520}>
          <Table striped verticalSpacing="sm" aria-label="Parcels ready for pickup">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}><VisuallyHidden>Release</VisuallyHidden></Table.Th>
                <Table.Th>Package</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>Invoice</Table.Th>
                <Table.Th ta="right">Due</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.parcels.map((parcel) => <ParcelRow key={parcel.id} parcel={parcel} checked={selected.has(parcel.id)} onToggle={() => toggle(parcel.id)} />)}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {chosen.length > 0 ? (
        <Card withBorder>
          <SimpleGrid cols={{ base: 3 }} spacing="xs" mb="md">
            <Figure label="Total" value={formatJmd(total)} />
            <Figure label="Paid" value={formatJmd(paid)} />
            <Figure label="Due" value={formatJmd(due)} strong={due > 0} />
          </SimpleGrid>
          {uninvoiced.length > 0 ? (
            <Alert color="yellow" mb="sm">{uninvoiced.map((parcel) => parcel.packageNumber).join(', ')} {uninvoiced.length === 1 ? 'has' : 'have'} no invoice yet.</Alert>
          ) : null}
          <Group justify="flex-end" gap="sm" wrap="wrap">
            {due > 0 ? <TakePayment customer={customer} invoices={invoices.filter((invoice) => invoice.balanceCents > 0)} /> : null}
            <Button size="md" leftSection={<IconSignature size={18} />} onClick={signAndRelease} variant={due > 0 ? 'default' : 'filled'}>
              Sign and release {chosen.length === 1 ? '1 parcel' : `${chosen.length} parcels`}
            </Button>
          </Group>
        </Card>
      ) : null}
    </Stack>
  );
}

function ParcelRow({ parcel, checked, onToggle }: { parcel: CounterParcel; checked: boolean; onToggle: () => void }) {
  return (
    <Table.Tr bg={parcel.isScanned ? 'var(--mantine-color-blue-0)' : undefined}>
      <Table.Td><Checkbox checked={checked} onChange={onToggle} aria-label={`Release ${parcel.packageNumber}`} /></Table.Td>
      <Table.Td>
        <Text fw={500} size="sm">{parcel.packageNumber}</Text>
        <Text size="xs" c="dimmed">{parcel.trackingNumber}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{parcel.description ?? '—'}</Text>
        <Text size="xs" c="dimmed">{parcel.weight} lb{parcel.location ? ` · ${parcel.location}` : ''}</Text>
      </Table.Td>
      <Table.Td><Text size="sm">{parcel.invoiceNumbers.join(', ') || 'Not invoiced'}</Text></Table.Td>
      <Table.Td ta="right">
        {parcel.isInvoiced && parcel.balanceCents === 0 ? <Badge color="teal" variant="light">Paid</Badge> : <Text size="sm" fw={600} c="red">{parcel.isInvoiced ? formatJmd(parcel.balanceCents) : '—'}</Text>}
      </Table.Td>
    </Table.Tr>
  );
}

function Figure({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase">{label}</Text>
      <Text fw={700} size="lg" c={strong ? 'red' : undefined}>{value}</Text>
    </div>
  );
}

