import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { membershipRatesSchema, PRICING_MSG, type MembershipRatesInput } from '@parceldesk/shared/schemas/pricing-settings';
import { FormNumberInput } from '../../../components/ui/form-number-input';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { submitWithFeedback } from '../../../lib/submit-with-feedback';
import { useMembershipRates, useUpdateMembershipRates, type MembershipRates } from '../api/membership-rates';

function RatesForm({ rates }: { rates: MembershipRates }) {
  const update = useUpdateMembershipRates();
  const defaults: MembershipRatesInput = { rates: rates.map(({ membershipType, freightDiscountPercent, waiveProcessingFee }) => ({ membershipType, freightDiscountPercent, waiveProcessingFee })) };
  const form = useForm<MembershipRatesInput>({ resolver: zodResolver(membershipRatesSchema), defaultValues: defaults });
  const { isSubmitting, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await submitWithFeedback(form.setError, ['rates'], () => update.mutateAsync(values), {
      success: PRICING_MSG.membershipUpdated,
      failure: PRICING_MSG.membershipFailed,
    });
    if (saved) form.reset(values);
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Membership rates">
      <Stack gap="md">
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Membership type</Table.Th>
                <Table.Th>Freight discount (%)</Table.Th>
                <Table.Th>Waive processing fee</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rates.map((rate, index) => (
                <Table.Tr key={rate.membershipType}>
                  <Table.Td>
                    <Text fw={500}>{rate.label}</Text>
                  </Table.Td>
                  <Table.Td miw={120}>
                    <FormNumberInput
                      control={form.control}
                      name={`rates.${index}.freightDiscountPercent`}
                      aria-label={`${rate.label} freight discount (%)`}
                      min={0}
                      max={100}
                      step={0.5}
                      decimalScale={2}
                      allowNegative={false}
                      suffix="%"
                    />
                  </Table.Td>
                  <Table.Td>
                    <Controller
                      control={form.control}
                      name={`rates.${index}.waiveProcessingFee`}
                      render={({ field }) => (
                        <Checkbox
                          ref={field.ref}
                          name={field.name}
                          checked={field.value}
                          onChange={(event) => field.onChange(event.currentTarget.checked)}
                          onBlur={field.onBlur}
                          aria-label={`Waive the processing fee for ${rate.label}`}
                        />
                      )}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            Save Membership Rates
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * /admin/membership-rates (issue 13): per membership type a freight discount and whether the
 * processing fee is waived. Pricing applies them from the customer's membership type: the
 * discount comes off freight before GCT, on its own invoice line.
 */
export function MembershipRatesPage() {
  const query = useMembershipRates();
  return (
    <Stack gap="lg" maw={760}>
      <PageHeader title="Membership Rates" subtitle="Discounts on freight by membership type. GCT is charged on the discounted freight." />
      <Card withBorder padding="lg">
        <QueryState query={query} what="the membership rates">
          {(rates) => <RatesForm rates={rates} />}
        </QueryState>
      </Card>
    </Stack>
  );
}
