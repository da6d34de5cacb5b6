import { useParams } from 'react-router';
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ACCESS } from '@parceldesk/shared/access';
import type { CustomerDetail } from '@parceldesk/shared/schemas/customers';
import { DetailList } from '../../../components/ui/detail-list';
import { formatDate } from '../../../components/ui/format-date';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { SignInAsButton } from '../../../components/ui/sign-in-as-button';
import { StatusBadge } from '../../../components/ui/status-badge';
import { UsAddressCard } from '../../../components/ui/us-address-card';
import { useAreaRoot } from '../../../components/ui/use-area-root';
import { useCanAccess } from '../../../lib/use-access';
import { useCustomer } from '../api/customers';
import { ChangeBranchForm } from './change-branch-form';
import { CustomerEditForm } from './customer-edit-form';
import { accountTypeLabel, membershipLabel } from './customer-labels';
import { CustomerStatusAction } from './customer-status-action';

interface CustomerDetailPageProps {
  isBusiness?: boolean;
  /** Where "Back" goes, when not the area's customer list (the super admin comes from a courier's list). */
  back?: { to: string; label: string };
}

/** /admin|staff/customers/{id}, /admin|staff/business-customers/{id} and /superadmin/couriers/{courierId}/customers/{id}. */
export function CustomerDetailPage({ isBusiness = false, back }: CustomerDetailPageProps) {
  const { id = '' } = useParams();
  const root = useAreaRoot();
  const canAccess = useCanAccess();
  const query = useCustomer(id, isBusiness);
  const customer = query.data;
  // Staff edit only with customers_manage; admins always; only admins issue "sign in as" links.
  const canManage = canAccess(ACCESS.customersManage);
  const canImpersonate = canAccess(ACCESS.impersonate);
  const list = back ?? (isBusiness ? { to: `${root}/business-customers`, label: 'All business customers' } : { to: `${root}/customers`, label: 'All customers' });
  const name = customer ? `${customer.firstName} ${customer.lastName}` : '';
  return (
    <Stack gap="lg">
      <PageHeader
        title={customer ? (customer.accountType === 'business' && customer.businessName ? customer.businessName : name) : 'Customer'}
        subtitle={
          customer ? (
            <Group gap="xs">
              <Text size="sm">Mailbox {customer.mailboxNumber}</Text>
              <Badge variant="light">{accountTypeLabel(customer.accountType)}</Badge>
              <StatusBadge isActive={customer.isActive} />
            </Group>
          ) : undefined
        }
        back={list}
        actions={
          customer ? (
            <>
              {canImpersonate && customer.isActive ? <SignInAsButton targetType="customer" targetId={customer.id} name={name} /> : null}
              {canManage ? <CustomerStatusAction customer={customer} /> : null}
            </>
          ) : null
        }
      />
      <QueryState query={query} what="the customer">
        {(loaded) => <CustomerSections customer={loaded} canManage={canManage} />}
      </QueryState>
    </Stack>
  );
}

function CustomerSections({ customer, canManage }: { customer: CustomerDetail; canManage: boolean }) {
  return (
    <>
      <Card withBorder padding="lg" component="section" aria-labelledby="customer-profile-heading">
        <Title order={2} size="h4" mb="md" id="customer-profile-heading">
          Profile
        </Title>
        <DetailList
          items={[
            { label: 'Name', value: [customer.title, customer.firstName, customer.lastName].filter(Boolean).join(' ') },
            ...(customer.accountType === 'business' ? [{ label: 'Business', value: customer.businessName }] : []),
            { label: 'Email', value: customer.email },
            { label: 'Phone', value: customer.phone },
            { label: 'TRN', value: customer.trn },
            { label: 'Membership', value: membershipLabel(customer.membershipType) },
            { label: 'Home branch', value: customer.branch?.name ?? 'Not assigned' },
            { label: 'Customer since', value: formatDate(customer.createdAt) },
          ]}
        />
      </Card>
      <Card withBorder padding="lg" component="section" aria-labelledby="customer-addresses-heading">
        <Title order={2} size="h4" mb="md" id="customer-addresses-heading">
          Addresses
        </Title>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          <Card withBorder padding="md" component="section" aria-label="Home address">
            <Text fw={600} mb="xs">Home address</Text>
            <address style={{ fontStyle: 'normal' }}>
              {[customer.address, customer.city, customer.parish, customer.country].filter(Boolean).map((line, index) => (
                <Text key={index} size="sm">{line}</Text>
              ))}
            </address>
          </Card>
          {customer.shippingAddresses.map((address) => (
            <UsAddressCard key={address.mode} mode={address.mode} lines={address.lines} />
          ))}
        </SimpleGrid>
        {customer.shippingAddresses.length === 0 ? (
          <Text c="dimmed" size="sm" mt="sm">The courier has not published its US warehouse addresses yet.</Text>
        ) : null}
      </Card>
      {canManage ? (
        <>
          <Card withBorder padding="lg" component="section" aria-labelledby="customer-branch-heading">
            <Title order={2} size="h4" mb="md" id="customer-branch-heading">
              Home branch
            </Title>
            <ChangeBranchForm key={customer.branch?.id ?? 'none'} customer={customer} />
          </Card>
          <Card withBorder padding="lg" component="section" aria-labelledby="customer-edit-heading">
            <Title order={2} size="h4" mb="md" id="customer-edit-heading">
              Edit customer
            </Title>
            <CustomerEditForm key={customer.updatedAt} customer={customer} />
          </Card>
        </>
      ) : null}
    </>
  );
}

/** /admin|staff/business-customers/{id}: the same screen, returning to the business list. */
export function BusinessCustomerDetailPage() {
  return <CustomerDetailPage isBusiness />;
}

/** /superadmin/couriers/{courierId}/customers/{id}: the same screen, returning to that courier's customers. */
export function CourierCustomerDetailPage() {
  const { courierId = '' } = useParams();
  return <CustomerDetailPage back={{ to: `/superadmin/couriers/${courierId}/customers`, label: 'Courier customers' }} />;
}
