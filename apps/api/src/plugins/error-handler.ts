import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '@parceldesk/shared/messages';
import { asAppError } from '../lib/app-error';
import { isSpaRoute } from './spa';

const DB_UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08006', '08001', '08003']);

/**
 * True when the database cannot be reached. drizzle wraps the driver's error in a
 * DrizzleQueryError whose `cause` carries the code, so the cause chain is searched
 * (issue 6 fault test: a PostgreSQL restart answered 500 instead of 503).
 */
function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; current = (current as { cause?: unknown }).cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    const message = (current as { message?: unknown }).message;
    if (typeof code === 'string' && DB_UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && /Connection terminated|timeout exceeded when trying to connect|not queryable/i.test(message)) return true;
  }
  return false;
}

/** PostgreSQL data errors that only bad input can cause (NUL bytes, out-of-range numbers, bad uuids). */
const BAD_INPUT_CODES: Record<string, string> = {
  '22021': 'The request contains characters that cannot be stored (such as NUL)',
  '22P05': 'The request contains characters that cannot be stored (such as NUL)',
  '22001': 'A value in the request is too long',
  '22003': 'A number in the request is out of range',
  '22P02': 'A value in the request has the wrong format',
  '22007': 'A date in the request is not valid',
  '22008': 'A date in the request is out of range',
};

function badInputMessage(error: unknown): string | null {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; current = (current as { cause?: unknown }).cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code in BAD_INPUT_CODES) return BAD_INPUT_CODES[code] ?? null;
  }
  return null;
}

/** Turns zod issues into `{ field: message }`, first message per field. */
function fieldErrorsOf(validation: { instancePath: string; message?: string; params?: Record<string, unknown> }[]) {
  const fieldErrors: Record<string, string> = {};
  for (const issue of validation) {
    const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || String(issue.params?.missingProperty ?? '_');
    if (!(path in fieldErrors)) fieldErrors[path] = issue.message ?? 'Invalid value';
  }
  return fieldErrors;
}

/**
 * Every failure answers JSON `{ message, fieldErrors? }`. Messages of 4xx errors are meant for
 * users; a 5xx never shows internals (spec section 8: server error codes are not shown).
 */
export function registerErrorHandler(app: FastifyInstance, options: { spaFallback: boolean }) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = asAppError(error);
    if (appError) {
      if (appError.retryAfterSeconds !== undefined) reply.header('retry-after', String(appError.retryAfterSeconds));
      return reply.status(appError.statusCode).send(appError.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors = fieldErrorsOf(error.validation);
      const first = Object.values(fieldErrors)[0] ?? MSG.validationFailed;
      return reply.status(400).send({ message: first, fieldErrors });
    }
    const badInput = badInputMessage(error);
    if (badInput) return reply.status(400).send({ message: badInput });
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).send({ message: MSG.serviceUnavailable });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'The request body is not valid JSON'
        : error.message;
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: MSG.serverError });
  });

  app.setNotFoundHandler((request, reply) => {
    if (options.spaFallback && isSpaRoute(request.url, request.method)) {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });
}
