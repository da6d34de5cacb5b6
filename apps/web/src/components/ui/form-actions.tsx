import { Button, Group } from '@mantine/core';

interface FormActionsProps {
  submitLabel: string;
  submitting: boolean;
  /** A modal's Cancel (it waits while the form is being sent); a page's edit form has none. */
  onCancel?: () => void;
}

/** A form's buttons, on the right. */
export function FormActions({ submitLabel, submitting, onCancel }: FormActionsProps) {
  return (
    <Group justify="flex-end">
      {onCancel ? (
        <Button variant="default" onClick={onCancel} disabled={submitting}>
          Cancel
        </Button>
      ) : null}
      <Button type="submit" loading={submitting}>
        {submitLabel}
      </Button>
    </Group>
  );
}
