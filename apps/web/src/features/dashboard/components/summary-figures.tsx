import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { DashboardSummary } from '@parceldesk/shared/schemas/couriers';

const GRID_COLS = { base: 1, xs: 2, md: 3 };

export function SummaryFigures({ figures }: { figures: DashboardSummary['figures'] }) {
  return (
    <SimpleGrid cols={GRID_COLS}>
      {figures.map((figure) => (
        <Card key={figure.key} withBorder padding="lg" component="section" aria-label={figure.label}>
          <Text size="sm" c="dimmed" fw={500}>
            {figure.label}
          </Text>
          <Text fz={32} fw={700} lh={1.2}>
            {figure.value.toLocaleString()}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

export function SummaryFiguresSkeleton() {
  return (
    <SimpleGrid cols={GRID_COLS} role="status" aria-label="Loading dashboard figures">
      {[0, 1, 2].map((n) => (
        <Card key={n} withBorder padding="lg">
          <Skeleton h={14} w="60%" mb="sm" />
          <Skeleton h={32} w="40%" />
        </Card>
      ))}
    </SimpleGrid>
  );
}
