import { Button, Group } from '@mantine/core';

/** A modal form's Cancel and submit buttons, on the right; Cancel waits while the form is being sent. */
export function FormActions({ submitLabel, onCancel, submitting }: { submitLabel: string; onCancel: () => void; submitting: boolean }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel} disabled={submitting}>
        Cancel
      </Button>
      <Button type="submit" loading={submitting}>
        {submitLabel}
      </Button>
    </Group>
  );
}
