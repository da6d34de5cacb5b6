import type { ReactNode } from 'react';
import { Alert, Anchor, Box, Container, Group, Paper, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ACCESS } from '@parceldesk/shared/access';
import { CourierBrand } from '../../../components/layouts/courier-brand';
import { useAreaRoot } from '../../../components/ui/use-area-root';
import { useAuth } from '../../../lib/auth-context';
import { useCanAccess } from '../../../lib/use-access';

interface CounterFrameProps {
  title: string;
  /** Where the back link goes, and what it says. */
  back: { to: string; label: string };
  children: ReactNode;
}

/**
 * The sign-signature pages sit outside the area's layout (spec section 2): a counter tablet shows
 * the courier, the page and a way back, and the whole width for the parcels and the pad.
 */
export function CounterFrame({ title, back, children }: CounterFrameProps) {
  const { user } = useAuth();
  const mayRelease = useCanAccess()(ACCESS.pickups);
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)">
      <Paper component="header" radius={0} shadow="xs" px="md" py="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <CourierBrand name={user?.courier?.name ?? ''} logoUrl={user?.courier?.logo_url} />
          <Anchor component={Link} to={back.to} size="sm">
            <Group gap={4} wrap="nowrap"><IconArrowLeft size={16} aria-hidden />{back.label}</Group>
          </Anchor>
        </Group>
      </Paper>
      <Container size="lg" px={{ base: 'xs', sm: 'md' }} py="md" component="main">
        <Title order={1} size="h2" mb="md">{title}</Title>
        {mayRelease ? children : <Alert color="red" title="Not allowed">Releasing parcels needs the Signature permission.</Alert>}
      </Container>
    </Box>
  );
}

/** The area's dashboard and counter paths for the signed-in user's area. */
export function useCounterPaths() {
  const root = useAreaRoot();
  return { dashboard: `${root}/dashboard`, counter: `${root}/sign-signature`, signing: (code: string) => `${root}/sign-signature/${encodeURIComponent(code)}` };
}
