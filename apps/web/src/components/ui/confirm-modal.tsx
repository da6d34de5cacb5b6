import { Button, Group, Modal, Stack, Text } from '@mantine/core';

interface ConfirmModalProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** Red for actions that take something away (suspend, deactivate, delete). */
  danger?: boolean;
  isWorking: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an action that changes who can sign in or removes something. */
export function ConfirmModal({ opened, title, message, confirmLabel, danger = false, isWorking, onConfirm, onCancel }: ConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Stack gap="md">
        <Text>{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={isWorking}>
            Cancel
          </Button>
          <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={isWorking} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
