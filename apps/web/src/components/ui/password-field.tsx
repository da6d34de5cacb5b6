import { PasswordInput } from '@mantine/core';
import type { ComponentPropsWithRef } from 'react';

type PasswordFieldProps = Omit<ComponentPropsWithRef<typeof PasswordInput>, 'visibilityToggleButtonProps'>;

/**
 * A password input with a keyboard-reachable show/hide toggle. The toggle's name avoids the word
 * "password" so `getByLabel('Password')` finds only the input; aria-pressed tells its state.
 */
export function PasswordField(props: PasswordFieldProps) {
  return (
    <PasswordInput
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': 'Show characters' }}
      {...props}
    />
  );
}
