import type { ReactNode } from 'react';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

interface PageHeaderProps {
  title: string;
  /** A line under the title (courier name, status). */
  subtitle?: ReactNode;
  /** Where "Back" goes on a detail page: a route, or a step back inside the page (a customer's list → detail). */
  back?: { to: string; label: string } | { onClick: () => void; label: string };
  /** Buttons on the right; they wrap under the title on a phone. */
  actions?: ReactNode;
}

/** The page's one h1, an optional back link and its actions. */
export function PageHeader({ title, subtitle, back, actions }: PageHeaderProps) {
  return (
    <Stack gap={4}>
      {back ? <BackLink back={back} /> : null}
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {subtitle ? <Text c="dimmed" size="sm" component="div">{subtitle}</Text> : null}
        </Stack>
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Group>
    </Stack>
  );
}

function BackLink({ back }: { back: NonNullable<PageHeaderProps['back']> }) {
  const content = (
    <Group gap={4} wrap="nowrap">
      <IconArrowLeft size={14} aria-hidden />
      {back.label}
    </Group>
  );
  return 'to' in back
    ? <Anchor component={Link} to={back.to} size="sm" w="fit-content">{content}</Anchor>
    : <Anchor component="button" type="button" size="sm" onClick={back.onClick} w="fit-content">{content}</Anchor>;
}
