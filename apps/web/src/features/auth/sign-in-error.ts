import { MSG } from '@parceldesk/shared/messages';
import { ApiError, errorMessage } from '../../lib/api-client';

const KNOWN_MESSAGES = new Set<string>(Object.values(MSG));

/**
 * The text to show for a failed sign-in (spec section 8): the server's message for an API
 * failure (else `fallback`), one of our own catalogue messages thrown in the browser (such as
 * 'Token not found after login'), else `unexpected` so a programming error never leaks its text.
 */
export function signInErrorMessage(error: unknown, fallback: string, unexpected: string = fallback): string {
  if (error instanceof ApiError) return errorMessage(error, fallback);
  if (error instanceof Error && KNOWN_MESSAGES.has(error.message)) return error.message;
  return unexpected;
}
