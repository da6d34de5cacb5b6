import { Text, Timeline } from '@mantine/core';
import type { PackageStatus } from '@parceldesk/shared/domain/packages';
import { formatDateTime } from '../../../components/ui/format-date';
import { packageBadgeColor, packageStatusLabel, type StatusWording } from './package-status-badge';

/** One step of a package's history as a timeline shows it. */
export interface TimelineStep {
  id: string;
  status: PackageStatus;
  at: string;
  /** Where it happened (a branch or the warehouse). */
  location?: string | null;
  /** Who made the change: staff screens only (the API leaves it out for customers anyway). */
  note?: string | null;
  by?: string | null;
}

interface PackageTimelineProps {
  steps: readonly TimelineStep[];
  wording: StatusWording;
  /** The accessible name of the list. */
  label?: string;
}

/** The status history, newest first, as an ordered list a screen reader reads in order. */
export function PackageTimeline({ steps, wording, label = 'Status history' }: PackageTimelineProps) {
  if (steps.length === 0) return <Text c="dimmed">No status changes yet.</Text>;
  const newestFirst = [...steps].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <Timeline active={0} bulletSize={14} lineWidth={2} role="list" aria-label={label}>
      {newestFirst.map((step) => (
        <Timeline.Item
          key={step.id}
          role="listitem"
          color={packageBadgeColor(step.status)}
          title={packageStatusLabel(step.status, wording)}
          aria-label={`${packageStatusLabel(step.status, wording)}, ${formatDateTime(step.at)}`}
        >
          <Text size="sm" c="dimmed">
            {[formatDateTime(step.at), step.location].filter(Boolean).join(' · ')}
          </Text>
          {step.note ? <Text size="sm">{step.note}</Text> : null}
          {step.by && wording === 'staff' ? <Text size="xs" c="dimmed">by {step.by}</Text> : null}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
