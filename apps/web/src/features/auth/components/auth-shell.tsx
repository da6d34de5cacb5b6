import type { ReactNode } from 'react';
import { Box, Container, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { config } from '../../../config';

interface AuthShellProps {
  title: string;
  /** The courier (or product) name shown under the logo; omit when the title already names it. */
  brandName?: string;
  logoUrl?: string | null;
  subtitle?: ReactNode;
  children: ReactNode;
}

/** The card every public sign-in and reset page sits in: logo, name, heading, then the form. */
export function AuthShell({ title, brandName, logoUrl, subtitle, children }: AuthShellProps) {
  return (
    <Box component="main" mih="100vh" bg="gray.0" py={{ base: 'md', sm: 'xl' }}>
      <Container size="xs" px={{ base: 'xs', sm: 'md' }}>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md">
            <Stack gap={4} align="center">
              <Image
                src={logoUrl || config.defaultLogo}
                fallbackSrc={config.defaultLogo}
                alt={`${brandName ?? title} logo`}
                h={64}
                w="auto"
                fit="contain"
              />
              {brandName && <Text fw={600} size="lg" ta="center">{brandName}</Text>}
              <Title order={1} size="h2" ta="center">{title}</Title>
              {subtitle && <Text c="dimmed" size="sm" ta="center">{subtitle}</Text>}
            </Stack>
            {children}
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}
