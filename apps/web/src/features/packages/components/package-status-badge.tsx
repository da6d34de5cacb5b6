import { Badge } from '@mantine/core';
import {
  PACKAGE_STATUS_CUSTOMER_LABELS, PACKAGE_STATUS_LABELS, packageStatusColor, type PackageStatus,
} from '@parceldesk/shared/domain/packages';

/** Who reads the chip: staff see the warehouse word, customers and the public page theirs (issue 11). */
export type StatusWording = 'staff' | 'customer';

export function packageStatusLabel(status: PackageStatus, wording: StatusWording): string {
  return (wording === 'customer' ? PACKAGE_STATUS_CUSTOMER_LABELS : PACKAGE_STATUS_LABELS)[status] ?? status;
}

/** The Mantine colour of a status chip (the shared definition says 'grey', Mantine spells it 'gray'). */
export function packageBadgeColor(status: PackageStatus): string {
  const color = packageStatusColor(status);
  return color === 'grey' ? 'gray' : color;
}

export function PackageStatusBadge({ status, wording }: { status: PackageStatus; wording: StatusWording }) {
  return (
    <Badge color={packageBadgeColor(status)} variant="light" data-status={status} style={{ minWidth: 'max-content', textTransform: 'none' }}>
      {packageStatusLabel(status, wording)}
    </Badge>
  );
}
