import { DomainError, type DomainErrorKind } from '@parceldesk/shared/domain/domain-error';
import type { ApiErrorBody } from '@parceldesk/shared/errors';
import { MSG } from '@parceldesk/shared/messages';

/** The code an AppError carries when it was not given one: the kind of failure its status says. */
const CODE_OF_STATUS: Record<number, string> = {
  400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict', 413: 'too_large', 415: 'unsupported_type',
  422: 'unprocessable', 429: 'too_many_requests', 502: 'upstream_failed', 503: 'unavailable',
};

/**
 * An error whose message is meant for the user; anything else becomes a generic 500. `code` is
 * machine-readable (`ticket.invalid_transition`, or the status's kind such as `not_found`). The
 * body carries it only when the error was given a specific one (domain rules), so the
 * `{ message, fieldErrors? }` answers clients already parse stay as they are
 * (docs/decisions/004-domain-layer.md).
 */
export class AppError extends Error {
  readonly code: string;
  /** Sent as Retry-After (seconds) with a 429. */
  retryAfterSeconds?: number;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    private readonly specificCode?: string,
  ) {
    super(message);
    this.code = specificCode ?? CODE_OF_STATUS[statusCode] ?? 'error';
  }

  toBody(): ApiErrorBody {
    return {
      message: this.message,
      ...(this.fieldErrors ? { fieldErrors: this.fieldErrors } : {}),
      ...(this.specificCode ? { code: this.specificCode } : {}),
    };
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string>) => new AppError(400, message, fieldErrors);
export const unauthorized = (message: string) => new AppError(401, message);
export const forbidden = (message: string = MSG.forbidden) => new AppError(403, message);
export const notFound = (message: string = MSG.notFound) => new AppError(404, message);
export const conflict = (message: string, fieldErrors?: Record<string, string>) => new AppError(409, message, fieldErrors);
/** A 429; with `retryAfterSeconds` the answer carries Retry-After (sign-in slow-down, issue 15). */
export const tooManyRequests = (message: string = MSG.tooManyAttempts, retryAfterSeconds?: number) =>
  Object.assign(new AppError(429, message), { retryAfterSeconds });

const STATUS_OF_KIND: Record<DomainErrorKind, number> = { invalid: 400, conflict: 409, unprocessable: 422 };

/** A broken domain rule as the API answers it: 400, 409 or 422 with its code, never a 500. */
export function fromDomainError(error: DomainError): AppError {
  const fieldErrors = error.field ? { [error.field]: error.message } : undefined;
  return new AppError(STATUS_OF_KIND[error.kind], error.message, fieldErrors, error.code);
}

/** The AppError an error answers as, or null for an unexpected one (a 500). */
export function asAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof DomainError) return fromDomainError(error);
  return null;
}
