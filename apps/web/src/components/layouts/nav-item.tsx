import { Link } from 'react-router';
import { NavLink, Tooltip } from '@mantine/core';
import { NavBadge } from './nav-badge';
import type { NavEntry } from './nav/nav-types';

export const COMING_SOON = 'Coming soon: this screen is not available yet';

interface NavItemProps {
  entry: NavEntry;
  active: boolean;
}

/**
 * A sidebar entry: a real link when its screen exists, otherwise a dimmed, focusable control that
 * goes nowhere and explains why in a tooltip (on hover, keyboard focus and touch).
 */
export function NavItem({ entry, active }: NavItemProps) {
  const Icon = entry.icon;
  const icon = <Icon size={18} stroke={1.6} aria-hidden />;
  if (!entry.available) {
    return (
      <Tooltip label={COMING_SOON} position="right" withArrow events={{ hover: true, focus: true, touch: true }}>
        <NavLink
          component="button"
          type="button"
          label={entry.label}
          leftSection={icon}
          aria-disabled="true"
          onClick={(event) => event.preventDefault()}
          style={{ opacity: 0.45, cursor: 'not-allowed' }}
        />
      </Tooltip>
    );
  }
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
