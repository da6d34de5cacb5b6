import type { ReactNode } from 'react';
import { Group, Image, Stack, Text } from '@mantine/core';
import { config } from '../../config';

interface CourierBrandProps {
  name: string;
  logoUrl: string | null | undefined;
  /** Extra lines under the name (the customer's account details). */
  children?: ReactNode;
}

/** The courier's logo and name; a missing or broken logo falls back to the default one. */
export function CourierBrand({ name, logoUrl, children }: CourierBrandProps) {
  return (
    <Stack gap={6}>
      <Group gap="sm" wrap="nowrap">
        {/* Mantine Image swaps in fallbackSrc when src is empty or its onError fires. */}
        <Image src={logoUrl || null} fallbackSrc={config.defaultLogo} alt={name ? `${name} logo` : 'Logo'} h={40} w="auto" maw={120} fit="contain" />
        <Text fw={700} lineClamp={2}>
          {name}
        </Text>
      </Group>
      {children}
    </Stack>
  );
}
