import { Alert } from '@mantine/core';
import type { Permission } from '@parceldesk/shared/permissions';
import { PERMISSION_LABELS } from '@parceldesk/shared/permissions';

/** Shown to staff who reach a package screen without its permission (the sidebar hides the entry). */
export function NoPackageAccess({ permission }: { permission: Permission }) {
  return (
    <Alert color="yellow" title="No access to this screen">
      {`You need the "${PERMISSION_LABELS[permission]}" permission. Ask your administrator if you need it.`}
    </Alert>
  );
}
