import { Table, Text } from '@mantine/core';
import type { ProcessingFee } from '../../api/processing-fees';
import { formatDate } from '../../../../components/ui/format-date';
import { formatMoney } from '../format';
import { RowActions } from '../row-actions';

interface ProcessingFeesTableProps {
  fees: ProcessingFee[];
  onEdit: (fee: ProcessingFee) => void;
  onDelete: (fee: ProcessingFee) => void;
}

export function ProcessingFeesTable({ fees, onEdit, onDelete }: ProcessingFeesTableProps) {
  if (fees.length === 0) return <Text c="dimmed">No processing fees yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={460}>
      <Table striped highlightOnHover aria-label="Processing fees">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Weight Range</Table.Th>
            <Table.Th ta="right">Fee</Table.Th>
            <Table.Th>Created At</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fees.map((fee) => (
            <Table.Tr key={fee.id}>
              <Table.Td>{fee.weightRange}</Table.Td>
              <Table.Td ta="right">{formatMoney(fee.fee)}</Table.Td>
              <Table.Td>{formatDate(fee.createdAt)}</Table.Td>
              <Table.Td>
                <RowActions label={`processing fee ${fee.weightRange}`} onEdit={() => onEdit(fee)} onDelete={() => onDelete(fee)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
