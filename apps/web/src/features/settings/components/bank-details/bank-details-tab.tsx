import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { bankDetailsSchema, SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import { MultilineText } from '../../../../components/ui/multiline-text';
import { submitWithFeedback } from '../../../../lib/submit-with-feedback';
import { useCourierSettings, useUpdateBankDetails, type CourierSettings } from '../../api/courier-settings';
import { QuerySection } from '../../../../components/ui/query-state';

const PLACEHOLDER = 'Bank: National Commercial Bank\nAccount name: Island Express Ltd\nAccount number: 123456789\nBranch: Half Way Tree';

function BankDetailsForm({ courier }: { courier: CourierSettings }) {
  const update = useUpdateBankDetails(courier.id);
  const form = useForm({ resolver: zodResolver(bankDetailsSchema), defaultValues: { bank_details: courier.bank_details ?? '' } });
  const { errors, isSubmitting } = form.formState;
  const text = useWatch({ control: form.control, name: 'bank_details' });

  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await submitWithFeedback(form.setError, ['bank_details'], () => update.mutateAsync(values).then(() => true), {
      success: SETTINGS_MSG.bankUpdated,
      failure: SETTINGS_MSG.bankFailed,
    });
    if (!saved) return;
    form.reset(values);
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Bank details">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Textarea
            label="Bank Transfer Details"
            description="Shown to customers for paying by bank transfer, one line per detail"
            placeholder={PLACEHOLDER}
            autosize
            minRows={6}
            maxRows={14}
            error={errors.bank_details?.message}
            {...form.register('bank_details')}
          />
          <Paper withBorder p="md" component="section" aria-label="Customer preview">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
              Preview (as customers see it)
            </Text>
            <MultilineText text={text} size="sm" empty="Nothing to show yet." />
          </Paper>
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            Save Bank Details
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Tab 4: bank transfer details; customers see each line on its own line. */
export function BankDetailsTab({ courierId }: { courierId: string }) {
  const query = useCourierSettings(courierId);
  return (
    <QuerySection id="bank" title="Bank Details" query={query} what="the bank details">
      {(courier) => <BankDetailsForm courier={courier} />}
    </QuerySection>
  );
}
