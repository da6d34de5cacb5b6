import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack } from '@mantine/core';
import { PLATFORM_MSG, platformSettingsFormSchema, type PlatformSettingsForm } from '@parceldesk/shared/schemas/platform-settings';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { submitWithFeedback } from '../../../lib/submit-with-feedback';
import { usePlatformSettings, useSavePlatformSettings, type PlatformSettingsView } from '../api/platform-settings';
import { toForm, toInput } from './platform-form-values';
import { DepartmentsSection, FeesSection, MembershipSection, SenderSection, StorageSection } from './platform-settings-sections';

/** The server's field names (fieldErrors keys) the form can show a message on. */
const FIELDS = [
  'fees.gct', 'fees.unknownFee', 'fees.uncollectedFee', 'fees.switchingFee', 'volumetricDivisor',
  'storageRules.thresholdDays', 'storageRules.reminderDays', 'storageRules.feeMode', 'storageRules.abandonmentDays',
  'ticketDepartments', 'membershipRates', 'sender.name', 'sender.email',
] as const;

function SettingsForm({ saved }: { saved: PlatformSettingsView }) {
  const save = useSavePlatformSettings();
  const form = useForm<PlatformSettingsForm>({ resolver: zodResolver(platformSettingsFormSchema), defaultValues: toForm(saved) });
  const { isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    const answer = await submitWithFeedback(form.setError, FIELDS, () => save.mutateAsync(toInput(values)), {
      success: PLATFORM_MSG.updated,
      failure: PLATFORM_MSG.failed,
    });
    if (answer) form.reset(toForm(answer));
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate aria-label="Platform settings">
        <Stack gap="lg">
          <FeesSection />
          <StorageSection />
          <MembershipSection />
          <DepartmentsSection />
          <SenderSection effectiveFrom={saved.effectiveFrom} />
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting}>Save Platform Settings</Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}

/**
 * /superadmin/settings (issue 14, decision 023): what a new courier starts with and the platform's
 * sender. Couriers that exist keep their own settings; each changes them on its Settings screen.
 */
export function PlatformSettingsPage() {
  const query = usePlatformSettings();
  return (
    <Stack gap="lg" maw={880}>
      <PageHeader title="Settings" subtitle="Defaults every new courier starts with, and the platform's sender address. Couriers that exist keep their own settings." />
      <QueryState query={query} what="the platform settings">
        {(saved) => <SettingsForm saved={saved} />}
      </QueryState>
    </Stack>
  );
}
