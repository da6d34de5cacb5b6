import { Link } from 'react-router';
import { NavLink } from '@mantine/core';
import { NavBadge } from './nav-badge';
import type { NavEntry } from './nav/nav-types';

interface NavItemProps {
  entry: NavEntry;
  active: boolean;
}

/** A sidebar entry: a link to its screen, marked as the current page when active. */
export function NavItem({ entry, active }: NavItemProps) {
  const Icon = entry.icon;
  const icon = <Icon size={18} stroke={1.6} aria-hidden />;
  return (
    <NavLink
      component={Link}
      to={entry.path}
      label={entry.label}
      leftSection={icon}
      rightSection={entry.badge ? <NavBadge kind={entry.badge} /> : undefined}
      active={active}
      aria-current={active ? 'page' : undefined}
    />
  );
}
