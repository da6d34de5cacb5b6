import type { ReactNode } from 'react';
import { Alert, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { CALCULATOR_MSG } from '@parceldesk/shared/schemas/pricing-settings';
import { formatMoney } from '../../../components/ui/format-money';
import type { CustomsEstimate } from '../api/customs';

/** One line: its label (wrapping on a phone) and its amount, right-aligned, never wrapping. */
function Line({ label, amount, strong = false }: { label: ReactNode; amount: string; strong?: boolean }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" component="li" style={{ listStyle: 'none' }}>
      <Text size="sm" fw={strong ? 700 : 400} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {amount}
      </Text>
    </Group>
  );
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="section" aria-labelledby={id}>
      <Title order={3} size="h5" id={id}>
        {title}
      </Title>
      <Stack gap={4} component="ul" p={0} m={0}>
        {children}
      </Stack>
    </Stack>
  );
}

/** The estimate, every line labelled with how it was computed; J$ unless the line is in US$. */
export function EstimateResult({ estimate }: { estimate: CustomsEstimate }) {
  const rate = formatMoney(estimate.exchangeRate.jmdCentsPerUsd);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="estimate-heading">
      <Stack gap="md">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} size="h4" id="estimate-heading">
            Estimated total
          </Title>
          <Text fw={700} size="xl" data-testid="estimate-total" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatMoney(estimate.totalCents)}
          </Text>
        </Group>
        <Alert color="yellow" variant="light" title="Estimate only">
          {CALCULATOR_MSG.disclaimer} Exchange rate {rate} per US$1, set {estimate.exchangeRate.setOn}.
        </Alert>

        <Section title="Customs value" id="estimate-valuation">
          {estimate.valuation.map((line) => (
            <Line key={line.code} label={line.label} amount={formatMoney(line.amountCents, line.currency)} strong={line.code === 'cif_jmd'} />
          ))}
        </Section>
        <Divider />

        <Section title="Customs duty and taxes (estimate)" id="estimate-customs">
          {estimate.deMinimis ? (
            <Text size="sm" component="li" style={{ listStyle: 'none' }}>
              Item value at or under the de minimis of {formatMoney(estimate.deMinimisUsdCents, 'USD')}: no duty or customs taxes.
            </Text>
          ) : (
            estimate.customs.map((line) => <Line key={line.code} label={line.label} amount={formatMoney(line.amountCents, line.currency)} />)
          )}
          <Line label="Customs total" amount={formatMoney(estimate.customsTotalCents)} strong />
        </Section>
        <Divider />

        <Section title="Courier charges" id="estimate-courier">
          {estimate.courier.map((line) => <Line key={line.code} label={line.description} amount={formatMoney(line.amountCents)} />)}
          <Line label="Courier total" amount={formatMoney(estimate.courierTotalCents)} strong />
        </Section>
        <Divider />
        <Line label="Estimated total (customs + courier)" amount={formatMoney(estimate.totalCents)} strong />
      </Stack>
    </Card>
  );
}
