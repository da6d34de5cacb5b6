import { Alert, Anchor, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PAYMENT_METHOD_LABELS } from '@parceldesk/shared/domain/billing';
import { formatMoney } from '@parceldesk/shared/domain/money';
import type { InvoiceDetail } from '@parceldesk/shared/schemas/invoices';
import { formatDate, formatDateTime } from '../../../components/ui/format-date';

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" mb="md" id={id}>{title}</Title>
      {children}
    </Card>
  );
}

/** What is owed: total, paid and the balance, large enough to read across a counter. */
export function InvoiceTotals({ invoice }: { invoice: InvoiceDetail }) {
  const rows: [string, number, boolean][] = [
    ['Subtotal', invoice.subtotalCents, false],
    ['GCT', invoice.gctCents, false],
    ['Total', invoice.totalCents, true],
    ['Paid', invoice.paidCents, false],
  ];
  return (
    <Stack gap={4} align="flex-end" aria-label="Invoice totals">
      {rows.map(([label, cents, strong]) => (
        <Group key={label} gap="md" justify="flex-end">
          <Text fw={strong ? 700 : 400}>{label}</Text>
          <Text fw={strong ? 700 : 400} miw={120} ta="right">{formatMoney(cents)}</Text>
        </Group>
      ))}
      <Group gap="md" justify="flex-end">
        <Text fw={700} size="lg">Amount due</Text>
        <Text fw={700} size="lg" miw={120} ta="right" data-testid="amount-due">{formatMoney(invoice.status === 'void' ? 0 : invoice.balanceCents)}</Text>
      </Group>
    </Stack>
  );
}

/**
 * The body of an invoice page, for staff and customers alike: void notice, charges with totals,
 * packages, payments, history and (while something is owed) the bank details to pay by transfer.
 * `invoiceHref` links a replaced or replacing invoice.
 */
export function InvoiceSections({ invoice, invoiceHref }: { invoice: InvoiceDetail; invoiceHref: (invoiceNo: string) => string }) {
  return (
    <>
      {invoice.status === 'void' ? (
        <Alert color="gray" title="This invoice is void">
          <Stack gap={4}>
            <Text size="sm">{`Reason: ${invoice.voidReason ?? ''}${invoice.voidedAt ? ` (${formatDateTime(invoice.voidedAt)})` : ''}`}</Text>
            {invoice.replacedByInvoiceNumber ? (
              <Text size="sm">Replaced by <Anchor component={Link} to={invoiceHref(invoice.replacedByInvoiceNumber)}>{invoice.replacedByInvoiceNumber}</Anchor></Text>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      {invoice.replacesInvoiceNumber ? (
        <Text size="sm">Replaces <Anchor component={Link} to={invoiceHref(invoice.replacesInvoiceNumber)}>{invoice.replacesInvoiceNumber}</Anchor></Text>
      ) : null}
      <Section id="invoice-charges-heading" title="Charges">
        <Stack gap="md">
          <Table.ScrollContainer minWidth={320}>
            <Table>
              <Table.Thead>
                <Table.Tr><Table.Th>Description</Table.Th><Table.Th ta="right">Amount</Table.Th></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoice.lines.map((line) => (
                  <Table.Tr key={line.id}>
                    <Table.Td>
                      {line.description}
                      {line.addedAfterIssue ? <Text size="xs" c="dimmed">{`Added ${formatDate(line.addedAt)}`}</Text> : null}
                    </Table.Td>
                    <Table.Td ta="right">{formatMoney(line.amountCents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <InvoiceTotals invoice={invoice} />
        </Stack>
      </Section>
      <Section id="invoice-packages-heading" title="Packages">
        <Table.ScrollContainer minWidth={480}>
          <Table>
            <Table.Thead>
              <Table.Tr><Table.Th>Package</Table.Th><Table.Th>Tracking number</Table.Th><Table.Th>Description</Table.Th><Table.Th ta="right">Weight</Table.Th><Table.Th ta="right">Billed</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoice.packages.map((pkg) => (
                <Table.Tr key={pkg.id}>
                  <Table.Td>{pkg.packageNumber}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{pkg.trackingNumber}</Table.Td>
                  <Table.Td>{pkg.description ?? ''}</Table.Td>
                  <Table.Td ta="right">{`${pkg.weight.toFixed(2)} lb`}</Table.Td>
                  <Table.Td ta="right">{`${pkg.chargeableWeight} lb`}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>
      <Section id="invoice-payments-heading" title="Payments">
        {invoice.payments.length === 0 ? <Text c="dimmed" size="sm">No payments yet.</Text> : (
          <Table.ScrollContainer minWidth={480}>
            <Table>
              <Table.Thead>
                <Table.Tr><Table.Th>Receipt</Table.Th><Table.Th>Date</Table.Th><Table.Th>Method</Table.Th><Table.Th>Reference</Table.Th><Table.Th ta="right">On this invoice</Table.Th></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoice.payments.map((payment) => (
                  <Table.Tr key={payment.paymentId}>
                    <Table.Td>{payment.status === 'void' ? `${payment.paymentNumber} (void)` : payment.paymentNumber}</Table.Td>
                    <Table.Td>{formatDate(payment.recordedAt)}</Table.Td>
                    <Table.Td>{PAYMENT_METHOD_LABELS[payment.method]}</Table.Td>
                    <Table.Td>{payment.reference ?? ''}</Table.Td>
                    <Table.Td ta="right">{formatMoney(payment.allocatedCents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
      {invoice.status !== 'void' && invoice.balanceCents > 0 && invoice.bankDetails.length > 0 ? (
        <Section id="invoice-bank-heading" title="Pay by bank transfer">
          <Stack gap={2}>
            {invoice.bankDetails.map((line, index) => <Text key={index} size="sm">{line}</Text>)}
            <Text size="sm" fw={600}>{`Reference: ${invoice.invoiceNumber}`}</Text>
          </Stack>
        </Section>
      ) : null}
      <Section id="invoice-history-heading" title="History">
        <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {invoice.history.map((event) => (
            <li key={event.id}>
              <Text size="sm" fw={600}>{`${event.label}${event.amountCents === null ? '' : `: ${formatMoney(event.amountCents)}`}`}</Text>
              <Text size="xs" c="dimmed">{`${formatDateTime(event.createdAt)} · ${event.actorName}`}</Text>
              {event.note ? <Text size="sm">{event.note}</Text> : null}
            </li>
          ))}
        </Stack>
      </Section>
    </>
  );
}
