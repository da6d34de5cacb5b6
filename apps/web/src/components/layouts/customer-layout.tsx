import { Badge, Group, Text } from '@mantine/core';
import { useAuth } from '../../lib/auth-context';
import { AppShellFrame } from './app-shell-frame';
import { CourierBrand } from './courier-brand';
import { HeaderUser } from './header-user';
import { LogoutButton } from './logout-button';
import { NavList } from './nav-list';
import { NotificationBell } from './notification-bell';
import { customerNav } from './nav/customer-nav';

export function CustomerLayout() {
  const { customer } = useAuth();
  const isBusiness = customer?.accountType === 'business';
  const courierName = customer?.courier.name ?? '';
  const name = customer ? `${customer.firstName} ${customer.lastName}`.trim() : '';
  return (
    <AppShellFrame
      area={customerNav}
      brand={
        <CourierBrand name={courierName} logoUrl={customer?.courier.logo_url}>
          <Badge variant="light" color={isBusiness ? 'grape' : 'blue'}>
            {isBusiness ? 'Business Account' : 'Individual Account'}
          </Badge>
          {isBusiness && customer?.businessName ? (
            <Text size="sm" fw={500}>
              {customer.businessName}
            </Text>
          ) : null}
        </CourierBrand>
      }
      nav={<NavList area={customerNav} />}
      navFooter={<LogoutButton area="customer" placement="sidebar" />}
      headerRight={
        <Group gap="xs" wrap="nowrap">
          <NotificationBell />
          <HeaderUser name={name} subtitle={customer ? `Mailbox ${customer.mailboxNumber}` : ''} />
        </Group>
      }
    />
  );
}
