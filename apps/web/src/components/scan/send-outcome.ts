import { ApiError } from '../../lib/api-client';
import type { SendOutcome } from './scan-queue';

/**
 * Whether a failed send is worth repeating as it is: not reached (status 0), a timeout, a rate
 * limit or a server error. A 401 also waits (the user signs in again and the scan is still
 * there). Anything else is the server refusing this scan: it waits for the user instead.
 */
export function sendOutcomeOf<T>(error: unknown): SendOutcome<T> {
  if (error instanceof ApiError) {
    if (error.status === 0 || error.status === 401 || error.status === 408 || error.status === 429 || error.status >= 500) {
      return { kind: 'retry', message: error.message };
    }
    const detail = Object.values(error.fieldErrors)[0];
    return { kind: 'rejected', message: detail && detail !== error.message ? `${error.message}: ${detail}` : error.message };
  }
  return { kind: 'retry', message: error instanceof Error ? error.message : 'Could not send the scan' };
}
