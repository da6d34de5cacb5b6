import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';
import type { Env } from '../env';

/**
 * The server's logger: pino at LOG_LEVEL (info by default: a line for each request in and out),
 * written to stdout asynchronously. pino's default destination writes each line with a blocking
 * write(2), so a slow reader of stdout (a pipe, a busy log collector) stalled every request; the
 * asynchronous destination hands lines to the kernel in batches while requests go on and is
 * flushed when the process exits (issue 16). Lines wait at most 20 ms for company.
 */
export function serverLogger(env: Env): NonNullable<FastifyServerOptions['logger']> {
  return {
    level: env.LOG_LEVEL,
    // Lines are gathered up to 4 kB (or 20 ms) per write(2): under load a write per line cost
    // about a sixth of a list request's CPU here (issue 16, ADR 007); pino flushes it on exit.
    // 20 ms keeps a quiet server's log as prompt as a person (or the SIGTERM fault test, which
    // waits for "incoming request" lines) needs; 250 ms held them past a 200 ms sign-in.
    stream: pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 20 }),
  };
}
