import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

interface RowActionsProps {
  /** What the row is, for the buttons' accessible names ("Edit rate 1 lb"). */
  label: string;
  onEdit: () => void;
  onDelete: () => void;
}

export function RowActions({ label, onEdit, onDelete }: RowActionsProps) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label="Edit" withArrow>
        <ActionIcon variant="subtle" onClick={onEdit} aria-label={`Edit ${label}`}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete" withArrow>
        <ActionIcon variant="subtle" color="red" onClick={onDelete} aria-label={`Delete ${label}`}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
