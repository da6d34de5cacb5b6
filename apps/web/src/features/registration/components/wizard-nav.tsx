import { Button, Group } from '@mantine/core';

interface WizardNavProps {
  isFirst: boolean;
  isLast: boolean;
  busy: boolean;
  onPrevious: () => void;
}

/** Previous, then Next or (on the last step) Create Account; both forward buttons submit the form. */
export function WizardNav({ isFirst, isLast, busy, onPrevious }: WizardNavProps) {
  return (
    <Group justify="space-between" mt="md">
      <Button type="button" variant="default" onClick={onPrevious} disabled={isFirst || busy}>
        Previous
      </Button>
      {isLast ? (
        <Button key="create" type="submit" disabled={busy}>
          {busy ? 'Creating account...' : 'Create Account'}
        </Button>
      ) : (
        <Button key="next" type="submit" disabled={busy}>
          Next
        </Button>
      )}
    </Group>
  );
}
