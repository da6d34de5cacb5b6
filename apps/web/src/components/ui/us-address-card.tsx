import { ActionIcon, Card, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

const MODE_LABELS = { AIR: 'Air freight address', SEA: 'Sea freight address' } as const;

/** One US warehouse address personalised with the customer's name and mailbox, with a copy button. */
export function UsAddressCard({ mode, lines }: { mode: keyof typeof MODE_LABELS; lines: readonly string[] }) {
  const label = MODE_LABELS[mode];
  return (
    <Card withBorder padding="md" component="section" aria-label={label}>
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Text fw={600}>{label}</Text>
        <CopyButton value={lines.join('\n')} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy address'} withArrow>
              <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={copied ? `${label} copied` : `Copy ${label.toLowerCase()}`}>
                {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <address style={{ fontStyle: 'normal' }}>
        {lines.map((line, index) => (
          <Text key={`${index}-${line}`} size="sm">
            {line}
          </Text>
        ))}
      </address>
    </Card>
  );
}
