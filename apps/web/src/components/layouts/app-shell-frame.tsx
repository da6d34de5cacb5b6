import { Suspense, useEffect, type MouseEvent, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AppShell, Burger, Center, Group, Loader, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useLiveEvents } from '../../lib/live-events';
import { activeEntry, type NavArea } from './nav/nav-types';

interface AppShellFrameProps {
  area: NavArea;
  /** Top of the sidebar: logo, courier or account details. */
  brand: ReactNode;
  /** The navigation list. */
  nav: ReactNode;
  /** Bottom of the sidebar (the staff and customer logout button). */
  navFooter?: ReactNode;
  /** Right side of the header: the user and, for some areas, logout. */
  headerRight: ReactNode;
}

const NAVBAR_ID = 'app-navbar';

/** The shell shared by the four areas: the sidebar collapses behind a burger below `sm`. */
export function AppShellFrame({ area, brand, nav, navFooter, headerRight }: AppShellFrameProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const title = activeEntry(area, pathname)?.label ?? 'Dashboard';
  // One live stream per signed-in session: it keeps the ticket counts of every shell current.
  useLiveEvents();

  // On a phone the open menu covers the page: close it once the user has picked somewhere to go
  // (a new path, or a tap on the link of the page already shown).
  useEffect(() => close(), [pathname, close]);
  const closeOnLink = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest('a')) close();
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: { sm: 240, lg: 264 }, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
              aria-expanded={opened}
              aria-controls={NAVBAR_ID}
            />
            <Text fw={600} size="lg" truncate data-testid="section-title">
              {title}
            </Text>
          </Group>
          {headerRight}
        </Group>
      </AppShell.Header>
      <AppShell.Navbar id={NAVBAR_ID} p="sm">
        <AppShell.Section>{brand}</AppShell.Section>
        <AppShell.Section grow component={ScrollArea} my="sm">
          <div onClick={closeOnLink}>{nav}</div>
        </AppShell.Section>
        {navFooter ? <AppShell.Section>{navFooter}</AppShell.Section> : null}
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense fallback={<Center py="xl"><Loader aria-label="Loading page" /></Center>}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
