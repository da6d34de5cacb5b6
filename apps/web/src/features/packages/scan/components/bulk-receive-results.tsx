import { Badge, Group, ScrollArea, Table, Text } from '@mantine/core';
import { BULK_RECEIVE_OUTCOME_LABELS, type BulkReceiveOutcome, type BulkReceiveResult } from '@parceldesk/shared/schemas/package-scan';

const COLORS: Record<BulkReceiveOutcome, string> = {
  received: 'green', matched_pre_alert: 'teal', unknown: 'yellow', duplicate: 'gray', invalid: 'red',
};

export function OutcomeCounts({ result }: { result: BulkReceiveResult }) {
  return (
    <Group gap="xs" aria-label="Rows by result">
      {(Object.keys(COLORS) as BulkReceiveOutcome[]).map((outcome) => (
        <Badge key={outcome} color={COLORS[outcome]} variant={result.counts[outcome] > 0 ? 'filled' : 'light'} size="lg">
          {BULK_RECEIVE_OUTCOME_LABELS[outcome]}: {result.counts[outcome]}
        </Badge>
      ))}
    </Group>
  );
}

/** Row-level results of a bulk receive file: what each row is (or became), and why a row is skipped. */
export function BulkReceiveResults({ result }: { result: BulkReceiveResult }) {
  return (
    <ScrollArea type="auto">
      <Table striped withTableBorder miw={560} aria-label="Rows of the file">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            <Table.Th>Tracking</Table.Th>
            <Table.Th>Mailbox</Table.Th>
            <Table.Th>Result</Table.Th>
            <Table.Th>Details</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.rows.map((row) => (
            <Table.Tr key={row.row}>
              <Table.Td>{row.row}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.trackingNumber}</Table.Td>
              <Table.Td>{row.mailboxNumber}</Table.Td>
              <Table.Td><Badge color={COLORS[row.outcome]}>{BULK_RECEIVE_OUTCOME_LABELS[row.outcome]}</Badge></Table.Td>
              <Table.Td>
                <Text size="sm">{[row.packageNumber, row.customerName, row.reason].filter(Boolean).join(' · ')}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
