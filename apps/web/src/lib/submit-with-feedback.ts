import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessage } from './api-client';
import { applyFieldErrors } from './apply-field-errors';
import { notify } from './toast';

interface Feedback<R> {
  /** The toast after it worked (from what the server answered, when it names the new thing). */
  success: string | ((result: R) => string);
  /** The toast when the server gave no message of its own. */
  failure: string;
  /** Before the failure toast: for a server answer the field list cannot place (told whether any field got a message). */
  onError?: (error: unknown, placedOnFields: boolean) => void;
}

/**
 * Sends a form: on success a toast; on failure the server's field messages land
 * on the form's own fields and its message in a toast. Resolves to the answer, or undefined.
 */
export async function submitWithFeedback<T extends FieldValues, R>(
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  send: () => Promise<R>,
  feedback: Feedback<R>,
): Promise<R | undefined> {
  try {
    const result = await send();
    notify.success(typeof feedback.success === 'function' ? feedback.success(result) : feedback.success);
    return result;
  } catch (error) {
    const placed = applyFieldErrors(error, fields, setError);
    feedback.onError?.(error, placed);
    notify.error(errorMessage(error, feedback.failure));
    return undefined;
  }
}
