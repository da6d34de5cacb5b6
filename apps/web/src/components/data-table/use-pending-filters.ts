import { useState } from 'react';

/**
 * Filter edits stay pending until Apply (spec section 4). When the committed filters change
 * (Apply, Clear, a link) the pending ones start again from them.
 */
export function usePendingFilters(committed: Record<string, string>) {
  const key = JSON.stringify(committed);
  const [pending, setPending] = useState(committed);
  const [seen, setSeen] = useState(key);
  if (key !== seen) {
    setSeen(key);
    setPending(committed);
  }
  return {
    pending,
    setFilter: (field: string, value: string) => setPending((current) => ({ ...current, [field]: value })),
    reset: () => setPending({}),
  };
}
