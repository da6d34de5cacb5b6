/**
 * The JSON error body every API failure uses: `{ message, fieldErrors?, code? }`. `code` is
 * machine-readable (such as `ticket.invalid_transition`) and present when a domain rule refused.
 */
export interface ApiErrorBody {
  message: string;
  fieldErrors?: Record<string, string>;
  code?: string;
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

/** Spec section 8: a 401 whose message mentions one of these words ends the session in the browser. */
export const SESSION_ENDING_WORDS = ['token', 'authentication', 'unauthorized', 'no token'] as const;

export function isSessionEndingMessage(message: string): boolean {
  const lower = message.toLowerCase();
  return SESSION_ENDING_WORDS.some((word) => lower.includes(word));
}
