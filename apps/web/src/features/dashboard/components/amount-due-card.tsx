import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { ResponseOf } from '@parceldesk/shared/contract';
import { formatMoney } from '@parceldesk/shared/domain/money';
import { api } from '../../../lib/api-client';

/** Issue 13: what the customer owes now, so they know before they come to the counter. */
export function AmountDueCard() {
  const summary = useQuery({
    queryKey: ['invoices', 'summary'],
    queryFn: ({ signal }) => api<ResponseOf<'GET /invoices/summary'>>('/invoices/summary', { signal }),
  });
  const data = summary.data;
  if (!data || typeof data.amountDueCents !== 'number') return null;
  return (
    <Card withBorder padding="lg" aria-label="Amount due">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={0}>
          <Text size="sm" fw={600}>Amount due</Text>
          <Text fz={28} fw={800}>{formatMoney(data.amountDueCents)}</Text>
        </Stack>
        <Group gap="sm">
          <Anchor component={Link} to="/customer/invoices">
            {data.openInvoices === 0 ? 'See your invoices' : `${data.openInvoices} open ${data.openInvoices === 1 ? 'invoice' : 'invoices'}`}
          </Anchor>
          {/* Issue 14: a pay button: the invoices that still owe money come first, each paid from its own page. */}
          {data.amountDueCents > 0 ? (
            <Button component={Link} to="/customer/invoices?sort=balanceCents&order=desc">
              Pay now
            </Button>
          ) : null}
        </Group>
      </Group>
    </Card>
  );
}
