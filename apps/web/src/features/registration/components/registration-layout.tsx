import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Box, Container, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { APP_NAME } from '@parceldesk/shared/constants';
import { config } from '../../../config';
import { withApiKey } from '../../../lib/api-key-path';

interface RegistrationLayoutProps {
  courier: { name: string; logo_url: string | null } | null;
  apiKey: string | null;
  children: ReactNode;
}

/** The courier-branded card around the wizard, with the way back to sign in (spec section 2). */
export function RegistrationLayout({ courier, apiKey, children }: RegistrationLayoutProps) {
  const name = courier?.name ?? APP_NAME;
  return (
    <Box component="main" mih="100vh" bg="gray.0" py={{ base: 'md', sm: 'xl' }}>
      <Container size="sm" px={{ base: 'xs', sm: 'md' }}>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="lg">
            <Stack gap={4} align="center">
              <Image src={courier?.logo_url || config.defaultLogo} fallbackSrc={config.defaultLogo} alt={`${name} logo`} h={64} w="auto" fit="contain" />
              <Text fw={600} size="lg" ta="center">{name}</Text>
              <Title order={1} size="h2" ta="center">Create your account</Title>
            </Stack>
            {children}
            <Text size="sm" ta="center">
              Already have an account?{' '}
              <Anchor component={Link} to={withApiKey('/login', apiKey)}>Sign in</Anchor>
            </Text>
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}
