import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '@parceldesk/shared/messages';
import { AppError } from '../lib/app-error';
import { isSpaRoute } from './spa';

const DB_UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08006', '08001', '08003']);

function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  const message = (error as { message?: string }).message ?? '';
  return (code !== undefined && DB_UNAVAILABLE_CODES.has(code))
    || /Connection terminated|timeout exceeded when trying to connect/i.test(message);
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
    if (error instanceof AppError) return reply.status(error.statusCode).send(error.toBody());
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors = fieldErrorsOf(error.validation);
      const first = Object.values(fieldErrors)[0] ?? MSG.validationFailed;
      return reply.status(400).send({ message: first, fieldErrors });
    }
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
