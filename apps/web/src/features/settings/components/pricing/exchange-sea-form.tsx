import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { fromCents, toCents } from '@parceldesk/shared/domain/money';
import {
  PRICING_MSG, pricingSettingsFormSchema, type PricingSettingsForm, type PricingSettingsInput,
} from '@parceldesk/shared/schemas/pricing-settings';
import { FormNumberInput } from '../../../../components/ui/form-number-input';
import { QuerySection } from '../../../../components/ui/query-state';
import { ApiError } from '../../../../lib/api-client';
import { submitWithFeedback } from '../../../../lib/submit-with-feedback';
import { usePricingSettings, useUpdatePricingSettings } from '../../api/pricing-settings';

const today = () => new Date().toISOString().slice(0, 10);
const FIELDS = ['exchangeRate', 'exchangeRateSetOn', 'seaRate', 'seaMinimum'] as const;

const toForm = (saved: PricingSettingsInput): PricingSettingsForm => ({
  exchangeRate: saved.exchangeRateCents === null ? undefined : fromCents(saved.exchangeRateCents),
  exchangeRateSetOn: saved.exchangeRateSetOn ?? today(),
  seaRate: saved.seaRatePerCubicFootCents === null ? undefined : fromCents(saved.seaRatePerCubicFootCents),
  seaMinimum: fromCents(saved.seaMinimumCents),
});

const toInput = (form: PricingSettingsForm): PricingSettingsInput => ({
  exchangeRateCents: form.exchangeRate === undefined ? null : toCents(form.exchangeRate),
  exchangeRateSetOn: form.exchangeRate === undefined ? null : (form.exchangeRateSetOn ?? today()),
  seaRatePerCubicFootCents: form.seaRate === undefined ? null : toCents(form.seaRate),
  seaMinimumCents: toCents(form.seaMinimum),
});

/** The API's field names, for its 400 messages. */
const SERVER_FIELDS: Record<string, (typeof FIELDS)[number]> = {
  exchangeRateCents: 'exchangeRate', exchangeRateSetOn: 'exchangeRateSetOn', seaRatePerCubicFootCents: 'seaRate', seaMinimumCents: 'seaMinimum',
};

function PricingForm({ saved }: { saved: PricingSettingsInput }) {
  const update = useUpdatePricingSettings();
  const form = useForm<PricingSettingsForm>({ resolver: zodResolver(pricingSettingsFormSchema), defaultValues: toForm(saved) });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const answer = await submitWithFeedback(form.setError, FIELDS, () => update.mutateAsync(toInput(values)), {
      success: PRICING_MSG.pricingUpdated,
      failure: PRICING_MSG.pricingFailed,
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        for (const [name, message] of Object.entries(error.fieldErrors)) {
          const field = SERVER_FIELDS[name];
          if (field) form.setError(field, { message });
        }
      },
    });
    if (answer) form.reset(toForm(answer));
  });

  const money = { min: 0, step: 0.01, decimalScale: 2, allowNegative: false, control: form.control, prefix: 'J$', thousandSeparator: ',' } as const;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Exchange rate and sea freight">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FormNumberInput {...money} name="exchangeRate" label="Exchange rate (J$ per US$1)" placeholder="156.50"
            description="Converts declared US$ values (customs calculator); leave empty until you set one" />
          <Controller
            control={form.control}
            name="exchangeRateSetOn"
            render={({ field, fieldState }) => (
              <TextInput {...field} value={field.value ?? ''} type="date" label="Exchange rate set on" error={fieldState.error?.message} max={today()} />
            )}
          />
          <FormNumberInput {...money} name="seaRate" label="Sea rate per cubic foot (J$)" placeholder="1,200.00"
            description="SEA freight = L × W × H (in) ÷ 1,728 cubic feet × this rate" />
          <FormNumberInput {...money} name="seaMinimum" label="Sea minimum charge (J$)" placeholder="3,000.00" description="The least a SEA package pays for freight" />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            Save Exchange and Sea Rates
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Rates tab: the exchange rate with its date, and SEA freight by cubic foot (issue 13). */
export function ExchangeSeaSection() {
  const query = usePricingSettings();
  return (
    <QuerySection id="exchange-sea" title="Exchange Rate and Sea Freight" query={query} what="the exchange and sea rates">
      {(saved) => <PricingForm saved={saved} />}
    </QuerySection>
  );
}
