/**
 * A broken business rule (docs/decisions/004-domain-layer.md). Domain code in packages/shared
 * knows nothing of HTTP; it throws a DomainError with a machine-readable `code` and a message
 * meant for the user, and the API turns its `kind` into a status (lib/app-error.ts):
 * - `invalid`: the input can never succeed (400);
 * - `conflict`: the record's current state forbids it, such as an illegal status move (409);
 * - `unprocessable`: the input is fine but the courier's data cannot serve it yet, such as
 *   pricing without rates (422).
 */
export type DomainErrorKind = 'invalid' | 'conflict' | 'unprocessable';

/** `area.reason`, such as `ticket.invalid_transition` or `pricing.no_active_rates`. */
export type DomainErrorCode = `${string}.${string}`;

export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly kind: DomainErrorKind,
    readonly code: DomainErrorCode,
    message: string,
    /** The form field the message belongs on, when there is one. */
    readonly field?: string,
  ) {
    super(message);
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;
