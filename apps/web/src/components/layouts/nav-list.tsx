import { useLocation } from 'react-router';
import { Stack } from '@mantine/core';
import { NavItem } from './nav-item';
import { activeEntry, type NavArea, type NavEntry } from './nav/nav-types';

interface NavListProps {
  area: NavArea;
  /** The entries to show, when the area filters its list (staff permissions); defaults to all. */
  items?: readonly NavEntry[];
}

export function NavList({ area, items = area.items }: NavListProps) {
  const { pathname } = useLocation();
  const active = activeEntry(area, pathname);
  return (
    <nav aria-label="Main navigation">
      <Stack gap={2}>
        {items.map((entry) => (
          <NavItem key={entry.path} entry={entry} active={entry === active} />
        ))}
      </Stack>
    </nav>
  );
}
