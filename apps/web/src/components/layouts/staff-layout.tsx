import { Group } from '@mantine/core';
import { useAuth } from '../../lib/auth-context';
import { AppShellFrame } from './app-shell-frame';
import { CourierBrand } from './courier-brand';
import { HeaderUser } from './header-user';
import { LogoutButton } from './logout-button';
import { StaffNavList } from './staff-nav-list';
import { NotificationBell } from './notification-bell';
import { staffNav } from './nav/staff-nav';

export function StaffLayout() {
  const { user } = useAuth();
  const courierName = user?.courier?.name ?? '';
  return (
    <AppShellFrame
      area={staffNav}
      brand={<CourierBrand name={courierName} logoUrl={user?.courier?.logo_url} />}
      nav={<StaffNavList />}
      navFooter={<LogoutButton area="staff" placement="sidebar" />}
      headerRight={
        <Group gap="xs" wrap="nowrap">
          <NotificationBell />
          <HeaderUser name={user?.first_name || user?.email || ''} subtitle={`${courierName} Staff`.trim()} />
        </Group>
      }
    />
  );
}
