import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCalculator } from '@tabler/icons-react';
import {
  CALCULATOR_MSG, customsCalculatorFormSchema, type CustomsCalculatorForm,
} from '@parceldesk/shared/schemas/pricing-settings';
import { FormNativeSelect } from '../../../components/ui/form-native-select';
import { FormNumberInput } from '../../../components/ui/form-number-input';
import { formatMoney } from '../../../components/ui/format-money';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { submitWithFeedback } from '../../../lib/submit-with-feedback';
import { useCustomsEstimate, useCustomsOptions, type CustomsEstimate, type CustomsOptions } from '../api/customs';
import { EstimateResult } from './estimate-result';

const FIELDS = ['itemValue', 'shippingCost', 'insurance', 'weight', 'service', 'category', 'length', 'width', 'height'] as const;
const SERVICES = [{ value: 'AIR', label: 'Air' }, { value: 'SEA', label: 'Sea' }] as const;
const pct = (value: number) => `${value}%`;

function CalculatorForm({ options, onEstimate }: { options: CustomsOptions; onEstimate: (estimate: CustomsEstimate) => void }) {
  const estimate = useCustomsEstimate();
  const form = useForm<CustomsCalculatorForm>({
    resolver: zodResolver(customsCalculatorFormSchema),
    defaultValues: { service: 'AIR', category: options.categories[0]?.code ?? '' },
  });
  const service = useWatch({ control: form.control, name: 'service' });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await submitWithFeedback(form.setError, FIELDS, () => estimate.mutateAsync(values), {
      success: 'Estimate ready',
      failure: 'Could not work out the estimate',
    });
    if (result) onEstimate(result);
  });

  const money = { min: 0, step: 0.01, decimalScale: 2, allowNegative: false, control: form.control, prefix: 'US$', thousandSeparator: ',' } as const;
  const insuranceHelp = `Leave empty to use ${pct(options.insuranceAirPercent)} (air) or ${pct(options.insuranceSeaPercent)} (sea) of value + shipping`;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Customs calculator">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FormNumberInput {...money} name="itemValue" label="Item value (US$)" placeholder="250.00" required
            description={`Items at or under ${formatMoney(options.deMinimisUsdCents, 'USD')} pay no duty`} />
          <FormNumberInput {...money} name="shippingCost" label="Shipping cost (US$)" placeholder="20.00" description="What the store charged to ship it" />
          <FormNumberInput {...money} name="insurance" label="Insurance (US$, optional)" placeholder="Calculated" description={insuranceHelp} />
          <FormNumberInput control={form.control} name="weight" label="Weight (lb)" placeholder="3" required min={0} step={0.1} decimalScale={2} allowNegative={false} />
          <FormNativeSelect control={form.control} name="service" label="Service" options={SERVICES} required />
          <FormNativeSelect
            control={form.control}
            name="category"
            label="Category"
            required
            options={options.categories.map((category) => ({ value: category.code, label: `${category.name} (duty ${pct(category.dutyPercent)}, GCT ${pct(category.gctPercent)})` }))}
          />
        </SimpleGrid>
        <SimpleGrid cols={3} spacing="xs">
          {(['length', 'width', 'height'] as const).map((name) => (
            <FormNumberInput key={name} control={form.control} name={name} label={`${name[0]!.toUpperCase()}${name.slice(1)} (in)`}
              required={service === 'SEA'} min={0} step={1} decimalScale={2} allowNegative={false} />
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {service === 'SEA' ? CALCULATOR_MSG.seaDimensions : 'Dimensions are optional by air: a large, light box is charged by its volumetric weight.'}
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting} leftSection={<IconCalculator size={16} aria-hidden />}>
            Estimate
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * /customer/customs-calculator (issue 13): what an item will cost to bring in, customs and the
 * courier's own charges, from the courier's settings. Clearly an estimate.
 */
export function CustomsCalculatorPage() {
  const query = useCustomsOptions();
  const [result, setResult] = useState<CustomsEstimate | null>(null);
  return (
    <Stack gap="lg" maw={760}>
      <PageHeader title="Customs Calculator" subtitle="Estimate the duty, taxes and courier charges on an item before you buy it." />
      <QueryState query={query} what="the calculator">
        {(options) => options.exchangeRate === null ? (
          <Alert color="yellow" title="Not available yet">
            Your courier has not set its exchange rate yet, so an estimate in J$ is not possible. Please try again later.
          </Alert>
        ) : (
          <Card withBorder padding="lg">
            <CalculatorForm options={options} onEstimate={setResult} />
          </Card>
        )}
      </QueryState>
      {result ? <EstimateResult estimate={result} /> : null}
    </Stack>
  );
}
