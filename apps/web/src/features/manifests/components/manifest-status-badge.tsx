import { Badge } from '@mantine/core';
import { MANIFEST_STATUS_LABELS, type ManifestStatus } from '@parceldesk/shared/domain/manifests';

const COLORS: Record<ManifestStatus, string> = { open: 'gray', closed: 'yellow', departed: 'blue', arrived: 'teal', reconciled: 'green' };

export function ManifestStatusBadge({ status }: { status: ManifestStatus }) {
  return <Badge color={COLORS[status]} variant="light">{MANIFEST_STATUS_LABELS[status]}</Badge>;
}
