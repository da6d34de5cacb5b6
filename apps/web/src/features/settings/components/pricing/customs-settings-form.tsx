import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { CustomsSettings } from '@parceldesk/shared/domain/customs';
import { fromCents, toCents } from '@parceldesk/shared/domain/money';
import {
  customsSettingsFormSchema, PRICING_MSG, type CustomsSettingsForm, type CustomsSettingsInput,
} from '@parceldesk/shared/schemas/pricing-settings';
import { FormNumberInput } from '../../../../components/ui/form-number-input';
import { QuerySection } from '../../../../components/ui/query-state';
import { submitWithFeedback } from '../../../../lib/submit-with-feedback';
import { useCustomsSettings, useUpdateCustomsSettings } from '../../api/pricing-settings';

const FIELDS = ['scfPercent', 'envlPercent', 'gctPercent', 'insuranceAirPercent', 'insuranceSeaPercent'] as const;

const toForm = (saved: CustomsSettings): CustomsSettingsForm => ({
  deMinimis: fromCents(saved.deMinimisUsdCents),
  scfPercent: saved.scfPercent,
  envlPercent: saved.envlPercent,
  stampDuty: fromCents(saved.stampDutyCents),
  stampDutyThreshold: fromCents(saved.stampDutyThresholdCents),
  gctPercent: saved.gctPercent,
  insuranceAirPercent: saved.insuranceAirPercent,
  insuranceSeaPercent: saved.insuranceSeaPercent,
  categories: saved.categories.map((category) => ({ ...category })),
});

const toInput = (form: CustomsSettingsForm): CustomsSettingsInput => ({
  deMinimisUsdCents: toCents(form.deMinimis),
  scfPercent: form.scfPercent,
  envlPercent: form.envlPercent,
  stampDutyCents: toCents(form.stampDuty),
  stampDutyThresholdCents: toCents(form.stampDutyThreshold),
  gctPercent: form.gctPercent,
  insuranceAirPercent: form.insuranceAirPercent,
  insuranceSeaPercent: form.insuranceSeaPercent,
  categories: form.categories,
});

function CustomsForm({ saved }: { saved: CustomsSettings }) {
  const update = useUpdateCustomsSettings();
  const form = useForm<CustomsSettingsForm>({ resolver: zodResolver(customsSettingsFormSchema), defaultValues: toForm(saved) });
  const categories = useFieldArray({ control: form.control, name: 'categories' });
  const { isSubmitting, errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    const answer = await submitWithFeedback(form.setError, FIELDS, () => update.mutateAsync(toInput(values)), {
      success: PRICING_MSG.customsUpdated,
      failure: PRICING_MSG.customsFailed,
    });
    if (answer) form.reset(toForm(answer));
  });
  const percent = { min: 0, max: 100, step: 0.1, decimalScale: 4, allowNegative: false, suffix: '%', control: form.control } as const;
  const money = { min: 0, step: 0.01, decimalScale: 2, allowNegative: false, thousandSeparator: ',', control: form.control } as const;
  const listError = errors.categories?.root?.message ?? errors.categories?.message;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Customs calculator settings">
      <Stack gap="md">
        <Text size="sm" c="dimmed">What the customer&apos;s customs calculator uses. Its results are labelled as estimates.</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FormNumberInput {...money} name="deMinimis" label="De minimis (US$)" prefix="US$" description="Items at or under it pay no duty or customs taxes" />
          <FormNumberInput {...percent} name="gctPercent" label="GCT on imports (%)" description="The standard rate; each category has its own" />
          <FormNumberInput {...percent} name="scfPercent" label="Standard compliance fee (% of CIF)" />
          <FormNumberInput {...percent} name="envlPercent" label="Environmental levy (% of CIF)" />
          <FormNumberInput {...money} name="stampDuty" label="Stamp duty (J$)" prefix="J$" />
          <FormNumberInput {...money} name="stampDutyThreshold" label="Stamp duty when CIF is over (J$)" prefix="J$" />
          <FormNumberInput {...percent} name="insuranceAirPercent" label="Insurance by air (%)" description="Of cost + shipping, when not given" />
          <FormNumberInput {...percent} name="insuranceSeaPercent" label="Insurance by sea (%)" />
        </SimpleGrid>
        <Title order={3} size="h5">Categories</Title>
        <Stack gap="xs" role="list" aria-label="Customs categories">
          {categories.fields.map((field, index) => (
            <Group key={field.id} gap="xs" align="flex-start" wrap="wrap" role="listitem">
              <TextInput {...form.register(`categories.${index}.name`)} aria-label={`Category ${index + 1} name`} placeholder="General goods"
                error={errors.categories?.[index]?.name?.message} style={{ flex: '1 1 12rem' }} />
              <FormNumberInput {...percent} name={`categories.${index}.dutyPercent`} aria-label={`Category ${index + 1} duty (%)`} placeholder="Duty %" w={110} />
              <FormNumberInput {...percent} name={`categories.${index}.gctPercent`} aria-label={`Category ${index + 1} GCT (%)`} placeholder="GCT %" w={110} />
              <ActionIcon variant="subtle" color="red" size="lg" mt={4} aria-label={`Remove category ${index + 1}`} onClick={() => categories.remove(index)}>
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          {listError ? <Text size="sm" c="red">{listError}</Text> : null}
        </Stack>
        <Group justify="space-between">
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => categories.append({ name: '', dutyPercent: 20, gctPercent: 15 })}>
            Add Category
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Save Customs Settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Additional Fees tab: the rates and thresholds of the customs calculator, with its categories. */
export function CustomsSettingsSection() {
  const query = useCustomsSettings();
  return (
    <QuerySection id="customs" title="Customs Calculator" query={query} what="the customs settings">
      {(saved) => <CustomsForm saved={saved} />}
    </QuerySection>
  );
}
