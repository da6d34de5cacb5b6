import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Card, Checkbox, SimpleGrid, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { MEMBERSHIP_LABELS } from '@parceldesk/shared/constants';
import type { PlatformSettingsForm } from '@parceldesk/shared/schemas/platform-settings';
import { FormNativeSelect } from '../../../components/ui/form-native-select';
import { FormNumberInput } from '../../../components/ui/form-number-input';

const MODES = [{ value: 'once', label: 'Once, when the threshold passes' }, { value: 'per_day', label: 'Per day after the threshold' }] as const;

function Section({ id, title, hint, children }: { id: string; title: string; hint: string; children: React.ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>{title}</Title>
      <Text size="sm" c="dimmed" mb="md">{hint}</Text>
      {children}
    </Card>
  );
}

/** GCT and the named fees (as a courier's Additional Fees tab) and the volumetric divisor. */
export function FeesSection() {
  const { control } = useFormContext<PlatformSettingsForm>();
  const money = { min: 0, step: 0.01, decimalScale: 2, allowNegative: false, control, prefix: 'J$', thousandSeparator: ',' } as const;
  return (
    <Section id="platform-fees" title="GCT, fees and measuring" hint="A new courier's Additional Fees tab and volumetric divisor start with these.">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <FormNumberInput control={control} name="fees.gct" label="GCT (%)" min={0} max={100} step={0.1} decimalScale={1} allowNegative={false} description="Applied only to freight charges" />
        <FormNumberInput {...money} name="fees.unknownFee" label="Unknown Fee" />
        <FormNumberInput {...money} name="fees.uncollectedFee" label="Uncollected Fee" />
        <FormNumberInput {...money} name="fees.switchingFee" label="Switching Fee" />
        <FormNumberInput control={control} name="volumetricDivisor" label="Volumetric divisor" min={100} max={400} step={1} decimalScale={0} allowNegative={false}
          description="L × W × H (in) ÷ this = volumetric weight (166 is common, some use 139)" />
      </SimpleGrid>
    </Section>
  );
}

export function StorageSection() {
  const { control, register, formState } = useFormContext<PlatformSettingsForm>();
  const feeMode = useWatch({ control, name: 'storageRules.feeMode' });
  const days = { min: 1, max: 365, step: 1, decimalScale: 0, allowNegative: false, control } as const;
  return (
    <Section id="platform-storage" title="Storage rules" hint="When a parcel counts as uncollected, the reminders, how the uncollected fee is charged and when it is abandoned.">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <FormNumberInput {...days} name="storageRules.thresholdDays" label="Uncollected after (days)" />
        <TextInput {...register('storageRules.reminderDays')} label="Reminders at (days)" placeholder="7, 14" error={formState.errors.storageRules?.reminderDays?.message} />
        <FormNativeSelect control={control} name="storageRules.feeMode" label="Uncollected fee charged" options={MODES} />
        <FormNumberInput control={control} name="storageRules.cap" label="Cap when charged per day (J$)" placeholder="No cap" min={0} step={0.01} decimalScale={2}
          allowNegative={false} prefix="J$" thousandSeparator="," disabled={feeMode !== 'per_day'} />
        <FormNumberInput {...days} name="storageRules.abandonmentDays" label="Abandoned after (days)" description="After a final notice" />
      </SimpleGrid>
    </Section>
  );
}

export function DepartmentsSection() {
  const { control } = useFormContext<PlatformSettingsForm>();
  return (
    <Section id="platform-departments" title="Ticket departments" hint="The departments a new courier's support tickets start with.">
      <Controller
        control={control}
        name="ticketDepartments"
        render={({ field, fieldState }) => {
          const itemError = Array.isArray(fieldState.error) ? (fieldState.error as ({ message?: string } | undefined)[]).find((e) => e?.message)?.message : undefined;
          return (
            <Textarea
              label="Departments, one per line"
              autosize
              minRows={3}
              name={field.name}
              ref={field.ref}
              value={field.value.join('\n')}
              onChange={(event) => field.onChange(event.currentTarget.value.split('\n'))}
              onBlur={field.onBlur}
              error={fieldState.error?.message ?? itemError}
            />
          );
        }}
      />
    </Section>
  );
}

export function MembershipSection() {
  const { control, getValues, formState } = useFormContext<PlatformSettingsForm>();
  const rates = getValues('membershipRates');
  return (
    <Section id="platform-membership" title="Membership rates" hint="A new courier's discount on freight and processing-fee waiver per membership type.">
      <Stack gap="xs">
        <Table.ScrollContainer minWidth={300}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr><Table.Th>Membership type</Table.Th><Table.Th>Freight discount (%)</Table.Th><Table.Th>Waive processing fee</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rates.map((rate, index) => {
                const label = MEMBERSHIP_LABELS[rate.membershipType];
                return (
                  <Table.Tr key={rate.membershipType}>
                    <Table.Td><Text fw={500}>{label}</Text></Table.Td>
                    <Table.Td miw={110}>
                      <FormNumberInput control={control} name={`membershipRates.${index}.freightDiscountPercent`} aria-label={`${label} freight discount (%)`}
                        min={0} max={100} step={0.5} decimalScale={2} allowNegative={false} suffix="%" />
                    </Table.Td>
                    <Table.Td>
                      <Controller control={control} name={`membershipRates.${index}.waiveProcessingFee`} render={({ field }) => (
                        <Checkbox ref={field.ref} name={field.name} checked={field.value} onBlur={field.onBlur}
                          onChange={(event) => field.onChange(event.currentTarget.checked)} aria-label={`Waive the processing fee for ${label}`} />
                      )} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {formState.errors.membershipRates?.message ? <Text c="red" size="sm">{formState.errors.membershipRates.message}</Text> : null}
      </Stack>
    </Section>
  );
}

export function SenderSection({ effectiveFrom }: { effectiveFrom: string }) {
  const { register, formState } = useFormContext<PlatformSettingsForm>();
  return (
    <Section id="platform-sender" title="Sender address" hint="The From of the platform's own email (invitations, password resets, couriers without their own SMTP server). Leave both empty to use the server's address.">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...register('sender.name')} label="Sender name" placeholder="ParcelDesk" error={formState.errors.sender?.name?.message} />
          <TextInput {...register('sender.email')} label="Sender email" type="email" placeholder="no-reply@example.com" error={formState.errors.sender?.email?.message} />
        </SimpleGrid>
        <Text size="sm">Email is sent from: <Text span fw={500}>{effectiveFrom}</Text></Text>
      </Stack>
    </Section>
  );
}
