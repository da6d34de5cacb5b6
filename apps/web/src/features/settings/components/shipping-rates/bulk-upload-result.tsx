import { Alert, SimpleGrid, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { BulkUploadResult } from '../../api/shipping-rates';

function Count({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Paper withBorder p="xs" ta="center">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700} c={color} aria-label={`${label}: ${value}`}>
        {value}
      </Text>
    </Paper>
  );
}

/** What a bulk upload did: counts, then each rejected row with its number and reason (issue 4). */
export function BulkUploadResultView({ result }: { result: BulkUploadResult }) {
  const { invalidRows } = result;
  return (
    <Stack gap="sm" role="region" aria-label="Upload result">
      <Alert color={result.invalidRates > 0 ? 'yellow' : 'green'} variant="light">
        {result.message}
      </Alert>
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
        <Count label="Created" value={result.createdRates} color="green" />
        <Count label="Updated" value={result.updatedRates} color="blue" />
        <Count label="Invalid" value={result.invalidRates} color={result.invalidRates > 0 ? 'red' : undefined} />
        <Count label="Total processed" value={result.totalProcessed} />
      </SimpleGrid>
      {invalidRows.length > 0 ? (
        <>
          <Title order={3} size="h6">
            Invalid rows
          </Title>
          <Table.ScrollContainer minWidth={420} maxHeight={240}>
            <Table striped aria-label="Invalid rows">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Row</Table.Th>
                  <Table.Th>Weight</Table.Th>
                  <Table.Th>Cost</Table.Th>
                  <Table.Th>Reason</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invalidRows.map((row) => (
                  <Table.Tr key={row.row}>
                    <Table.Td>{row.row}</Table.Td>
                    <Table.Td>{row.weight ?? ''}</Table.Td>
                    <Table.Td>{row.cost ?? ''}</Table.Td>
                    <Table.Td>{row.reason}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      ) : null}
    </Stack>
  );
}
