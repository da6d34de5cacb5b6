import { useState } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';
import { SEARCH_DEBOUNCE_MS } from '@parceldesk/shared/constants';

/**
 * The search box's own text, committed (trimmed) 300 ms after the last keystroke (spec section 9).
 * When the committed search changes from outside (Clear, a link) the box follows it.
 */
export function useSearchInput(committed: string, commit: (search: string) => void) {
  const [value, setValue] = useState(committed);
  const [seen, setSeen] = useState(committed);
  // Adjusting state while rendering (React docs, "You might not need an effect"); a trailing
  // space the user is still typing is kept because it trims to the committed text.
  if (committed !== seen) {
    setSeen(committed);
    if (committed !== value.trim()) setValue(committed);
  }
  const debouncedCommit = useDebouncedCallback((next: string) => commit(next.trim()), SEARCH_DEBOUNCE_MS);
  return {
    value,
    onChange: (next: string) => {
      setValue(next);
      debouncedCommit(next);
    },
    /** Empties the box at once and drops a commit still waiting. */
    reset: () => {
      debouncedCommit.cancel();
      setValue('');
    },
  };
}
