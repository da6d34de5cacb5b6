import { Badge, Table, Text } from '@mantine/core';
import type { ShippingRate } from '../../api/shipping-rates';
import { formatDate } from '../../../../components/ui/format-date';
import { formatMoney } from '../format';
import { RowActions } from '../row-actions';

interface RatesTableProps {
  rates: ShippingRate[];
  onEdit: (rate: ShippingRate) => void;
  onDelete: (rate: ShippingRate) => void;
}

export function RatesTable({ rates, onEdit, onDelete }: RatesTableProps) {
  if (rates.length === 0) return <Text c="dimmed">No shipping rates yet. Create one or upload a file.</Text>;
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped highlightOnHover aria-label="Shipping rates">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Weight</Table.Th>
            <Table.Th ta="right">Cost</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Created At</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rates.map((rate) => (
            <Table.Tr key={rate.id}>
              <Table.Td>{rate.weight}</Table.Td>
              <Table.Td ta="right">{formatMoney(rate.cost)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={rate.status === 'ACTIVE' ? 'green' : 'gray'}>
                  {rate.status}
                </Badge>
              </Table.Td>
              <Table.Td>{formatDate(rate.createdAt)}</Table.Td>
              <Table.Td>
                <RowActions label={`rate ${rate.weight}`} onEdit={() => onEdit(rate)} onDelete={() => onDelete(rate)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
