import { Button, Group, Modal, Stack, Text } from '@mantine/core';

interface ConfirmDeleteModalProps {
  opened: boolean;
  /** The spec's question, e.g. SETTINGS_MSG.confirmDeleteRate. */
  message: string;
  title: string;
  isDeleting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Deleting a rate or a processing fee asks first (spec section 5). */
export function ConfirmDeleteModal({ opened, message, title, isDeleting, onConfirm, onCancel }: ConfirmDeleteModalProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Stack gap="md">
        <Text>{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={isDeleting}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={isDeleting} data-autofocus>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
