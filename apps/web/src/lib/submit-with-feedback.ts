import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessage } from './api-client';
import { applyFieldErrors } from './apply-field-errors';
import { notify } from './toast';

interface Feedback<R> {
  /** The toast after it worked (from what the server answered, when it names the new thing). */
  success: string | ((result: R) => string);
  /** The toast when the server gave no message of its own. */
  failure: string;
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
    applyFieldErrors(error, fields, setError);
    notify.error(errorMessage(error, feedback.failure));
    return undefined;
  }
}
