import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';

/** Server-only checks come back as `fieldErrors` and land on the form's own fields (STYLE.md). */
export function applyFieldErrors<T extends FieldValues>(error: unknown, fields: readonly Path<T>[], setError: UseFormSetError<T>) {
  if (!(error instanceof ApiError)) return;
  for (const field of fields) {
    const message = error.fieldErrors[field];
    if (message) setError(field, { type: 'server', message });
  }
}
