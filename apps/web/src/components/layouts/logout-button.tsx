import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useLogout, type ShellArea } from './use-logout';

interface LogoutButtonProps {
  area: ShellArea;
  /** `header`: an icon button; `sidebar`: a full-width button (staff and customer shells). */
  placement: 'header' | 'sidebar';
}

export function LogoutButton({ area, placement }: LogoutButtonProps) {
  const { logout, isLoggingOut } = useLogout(area);
  const onClick = () => void logout();
  if (placement === 'sidebar') {
    return (
      <Button variant="light" color="red" fullWidth leftSection={<IconLogout size={18} aria-hidden />} loading={isLoggingOut} onClick={onClick}>
        Logout
      </Button>
    );
  }
  return (
    <Tooltip label="Logout">
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Logout" loading={isLoggingOut} onClick={onClick}>
        <IconLogout size={20} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
