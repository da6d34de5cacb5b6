import { Card, Stack, Title } from '@mantine/core';
import { MEMBERSHIP_LABELS, type MEMBERSHIP_TYPES } from '@parceldesk/shared/constants';
import { PageHeader } from '../../../components/ui/page-header';
import { useAuth } from '../../../lib/auth-context';
import { CustomerDetailsForm } from './customer-details-form';
import { PasswordChangeForm } from '../../../components/ui/password-change-form';
import { MailboxSection } from './mailbox-section';
import { PackageEmailsSwitch } from './package-emails-switch';
import { MarketingEmailsSwitch } from './marketing-emails-switch';

/** /customer/profile: own details, password, mailbox number and US addresses (issue 3). */
export function CustomerProfilePage() {
  const { customer } = useAuth();
  if (!customer) return null; // the route guard only renders this for a signed-in customer
  const membership = MEMBERSHIP_LABELS[customer.membershipType as (typeof MEMBERSHIP_TYPES)[number]] ?? customer.membershipType;
  return (
    <Stack gap="lg" maw={900}>
      <PageHeader
        title="My Profile"
        subtitle={[
          customer.accountType === 'business' ? 'Business Account' : 'Individual Account',
          `${membership} membership`,
          `Home branch: ${customer.branch?.name ?? 'Not assigned'}`,
        ].join(' · ')}
      />
      <MailboxSection customer={customer} />
      <Card withBorder padding="lg" component="section" aria-labelledby="details-heading">
        <Title order={2} size="h4" mb="md" id="details-heading">
          Personal details
        </Title>
        <CustomerDetailsForm key={customer.id} customer={customer} />
      </Card>
      <Card withBorder padding="lg" component="section" aria-labelledby="package-emails-heading">
        <Title order={2} size="h4" mb="md" id="package-emails-heading">
          Email preferences
        </Title>
        <Stack gap="md">
          <PackageEmailsSwitch />
          <MarketingEmailsSwitch />
        </Stack>
      </Card>
      <Card withBorder padding="lg" component="section" aria-labelledby="password-heading">
        <Title order={2} size="h4" mb="md" id="password-heading">
          Change password
        </Title>
        <PasswordChangeForm />
      </Card>
    </Stack>
  );
}
