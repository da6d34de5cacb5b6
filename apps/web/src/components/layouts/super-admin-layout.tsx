import { Group, Image, Text } from '@mantine/core';
import { APP_NAME } from '@parceldesk/shared/constants';
import { ROLE_LABELS } from '@parceldesk/shared/roles';
import { config } from '../../config';
import { useAuth } from '../../lib/auth-context';
import { AppShellFrame } from './app-shell-frame';
import { HeaderUser } from './header-user';
import { LogoutButton } from './logout-button';
import { NavList } from './nav-list';
import { NotificationBell } from './notification-bell';
import { superAdminNav } from './nav/super-admin-nav';

export function SuperAdminLayout() {
  const { user } = useAuth();
  const name = user ? `${user.first_name} ${user.last_name}`.trim() || user.email : '';
  return (
    <AppShellFrame
      area={superAdminNav}
      brand={
        <Group gap="sm" wrap="nowrap">
          <Image src={config.defaultLogo} alt="" h={32} w="auto" fit="contain" />
          <Text fw={700}>{APP_NAME}</Text>
        </Group>
      }
      nav={<NavList area={superAdminNav} />}
      headerRight={
        <Group gap="xs" wrap="nowrap">
          <NotificationBell />
          <HeaderUser name={name} subtitle={ROLE_LABELS.super_admin} />
          <LogoutButton area="superadmin" placement="header" />
        </Group>
      }
    />
  );
}
