/** List endpoints answer with a bare array or `{ data: [...] }`; both mean the same list. */
export function listOf<T>(response: T[] | { data?: T[] | null } | null | undefined): T[] {
  if (Array.isArray(response)) return response;
  return response?.data ?? [];
}
