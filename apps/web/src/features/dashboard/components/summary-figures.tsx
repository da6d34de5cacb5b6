import { Link } from 'react-router';
import { Anchor, Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { DashboardFigure } from '@parceldesk/shared/schemas/dashboard';
import { formatJmd } from '../../../components/ui/format-money';
import { useAreaRoot } from '../../../components/ui/use-area-root';

const GRID_COLS = { base: 1, xs: 2, md: 3 };

export const figureValue = (figure: Pick<DashboardFigure, 'format' | 'value'>) =>
  (figure.format === 'money' ? formatJmd(figure.value) : figure.value.toLocaleString());

/** Issue 14: each figure opens the list it counts, filtered to the same rows. */
export function SummaryFigures({ figures }: { figures: DashboardFigure[] }) {
  const root = useAreaRoot();
  return (
    <SimpleGrid cols={GRID_COLS}>
      {figures.map((figure) => (
        <Card key={figure.key} withBorder padding="lg" component="section" aria-label={figure.label}>
          <Text size="sm" c="dimmed" fw={500}>
            {figure.label}
          </Text>
          <Text fz={32} fw={700} lh={1.2}>
            {figureValue(figure)}
          </Text>
          {figure.link ? (
            <Anchor component={Link} to={`${root}/${figure.link}`} size="sm" aria-label={`Open the list: ${figure.label}`}>
              Open the list
            </Anchor>
          ) : null}
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
