import { Badge } from '@mantine/core';

/** Active (green) or the inactive word of the entity (Inactive, Suspended) in grey/red. */
export function StatusBadge({ isActive, inactiveLabel = 'Inactive' }: { isActive: boolean; inactiveLabel?: string }) {
  return (
    <Badge color={isActive ? 'green' : 'red'} variant="light">
      {isActive ? 'Active' : inactiveLabel}
    </Badge>
  );
}
