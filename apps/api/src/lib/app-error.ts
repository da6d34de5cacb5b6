import type { ApiErrorBody } from '@parceldesk/shared/errors';
import { MSG } from '@parceldesk/shared/messages';

/** An error whose message is meant for the user; anything else becomes a generic 500. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    /** Sent as Retry-After (seconds) with a 429. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  toBody(): ApiErrorBody {
    return this.fieldErrors ? { message: this.message, fieldErrors: this.fieldErrors } : { message: this.message };
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string>) => new AppError(400, message, fieldErrors);
export const unauthorized = (message: string) => new AppError(401, message);
export const forbidden = (message: string = MSG.forbidden) => new AppError(403, message);
export const notFound = (message: string = MSG.notFound) => new AppError(404, message);
export const conflict = (message: string, fieldErrors?: Record<string, string>) => new AppError(409, message, fieldErrors);
export const tooManyRequests = (message: string = MSG.tooManyAttempts, retryAfterSeconds?: number) => new AppError(429, message, undefined, retryAfterSeconds);
