import { Alert, Skeleton, Switch } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { usePackageEmails, useSetPackageEmails } from '../api/package-emails';

/** Issue 11: customers can switch package emails off; in-app notifications and the portal still show every change. */
export function PackageEmailsSwitch() {
  const preference = usePackageEmails();
  const save = useSetPackageEmails();
  if (preference.isPending) return <Skeleton height={24} aria-label="Loading your email preference" />;
  if (preference.isError) {
    return <Alert color="red" title="Could not load your email preference">{errorMessage(preference.error, 'Please try again.')}</Alert>;
  }
  const toggle = async (packageEmails: boolean) => {
    try {
      await save.mutateAsync(packageEmails);
      notify.success(packageEmails ? 'You will get an email when a package changes' : 'Package emails are off');
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to save your email preference'));
    }
  };
  return (
    <Switch
      label="Email me when a package is received or its status changes"
      description="You will still see every change here and in your notifications."
      checked={save.isPending ? (save.variables ?? preference.data.packageEmails) : preference.data.packageEmails}
      disabled={save.isPending}
      onChange={(event) => void toggle(event.currentTarget.checked)}
    />
  );
}
