import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReconciliationCounts as Counts } from '@parceldesk/shared/schemas/reconciliation';

const TILES: { key: keyof Counts; label: string; color?: string }[] = [
  { key: 'expected', label: 'Expected' },
  { key: 'received', label: 'Received', color: 'green' },
  { key: 'missing', label: 'Missing', color: 'red' },
  { key: 'extra', label: 'Extra', color: 'orange' },
  { key: 'damaged', label: 'Damaged', color: 'yellow.8' },
];

/** The live counts (issue 12): each tile is a labelled group, so a screen reader and a test read "Received 12". */
export function ReconciliationCounts({ counts }: { counts: Counts }) {
  return (
    <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
      {TILES.map((tile) => (
        <Paper key={tile.key} withBorder p="xs" role="group" aria-label={tile.label}>
          <Text size="xs" c="dimmed">{tile.label}</Text>
          <Text fw={700} fz={26} c={counts[tile.key] > 0 ? tile.color : undefined} aria-live="polite">{counts[tile.key]}</Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
