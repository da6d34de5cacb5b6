import { Avatar, Box, Group, Text } from '@mantine/core';

interface HeaderUserProps {
  name: string;
  subtitle: string;
}

/** The signed-in user in the header: initial, name and what they are (spec section 2). */
export function HeaderUser({ name, subtitle }: HeaderUserProps) {
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <Group gap="xs" wrap="nowrap" miw={0}>
      <Avatar color="blue" radius="xl" aria-hidden>
        {initial}
      </Avatar>
      <Box visibleFrom="xs" miw={0}>
        <Text size="sm" fw={500} truncate>
          {name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {subtitle}
        </Text>
      </Box>
    </Group>
  );
}
