import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

export function NoTicketAccess() {
  return (
    <Alert color="yellow" icon={<IconLock size={18} aria-hidden />} title="No access to support tickets">
      Your account does not have the permission to view support tickets. Ask your administrator if you need it.
    </Alert>
  );
}
