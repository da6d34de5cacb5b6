import { Group } from '@mantine/core';
import { ROLE_LABELS } from '@parceldesk/shared/roles';
import { useAuth } from '../../lib/auth-context';
import { AppShellFrame } from './app-shell-frame';
import { CourierBrand } from './courier-brand';
import { HeaderUser } from './header-user';
import { LogoutButton } from './logout-button';
import { NavList } from './nav-list';
import { NotificationBell } from './notification-bell';
import { adminNav } from './nav/admin-nav';

export function AdminLayout() {
  const { user } = useAuth();
  const courierName = user?.courier?.name ?? '';
  return (
    <AppShellFrame
      area={adminNav}
      brand={<CourierBrand name={courierName} logoUrl={user?.courier?.logo_url} />}
      nav={<NavList area={adminNav} />}
      headerRight={
        <Group gap="xs" wrap="nowrap">
          <NotificationBell />
          <HeaderUser name={courierName} subtitle={ROLE_LABELS.courier_admin} />
          <LogoutButton area="admin" placement="header" />
        </Group>
      }
    />
  );
}
