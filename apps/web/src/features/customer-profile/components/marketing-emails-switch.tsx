import { Alert, Skeleton, Switch } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useMarketingEmails, useSetMarketingEmails } from '../api/marketing-emails';

/** Issue 14: the courier's batch (marketing) emails, off at once; receipts and parcel updates are not affected. */
export function MarketingEmailsSwitch() {
  const preference = useMarketingEmails();
  const save = useSetMarketingEmails();
  if (preference.isPending) return <Skeleton height={24} aria-label="Loading your marketing email preference" />;
  if (preference.isError) {
    return <Alert color="red" title="Could not load your marketing email preference">{errorMessage(preference.error, 'Please try again.')}</Alert>;
  }
  const toggle = async (marketingEmails: boolean) => {
    try {
      await save.mutateAsync(marketingEmails);
      notify.success(marketingEmails ? 'You will get news and offers by email' : 'News and offers by email are off');
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to save your email preference'));
    }
  };
  return (
    <Switch
      label="Email me news and offers"
      description="Receipts and parcel updates still arrive either way."
      checked={save.isPending ? (save.variables ?? preference.data.marketingEmails) : preference.data.marketingEmails}
      disabled={save.isPending}
      onChange={(event) => void toggle(event.currentTarget.checked)}
    />
  );
}
