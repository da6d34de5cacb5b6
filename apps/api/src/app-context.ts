import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client';
import type { Env } from './env';
import type { RateLimiter } from './security/rate-limit';
import type { TokenSigner } from './security/tokens';
import type { UnsubscribeTokens } from './security/unsubscribe-tokens';

/** What route modules receive: infrastructure only, wired once in buildApp(). */
export interface AppContext {
  db: Database;
  env: Env;
  signer: TokenSigner;
  limiter: RateLimiter;
  /** Issue 14: the signed links of batch emails. */
  unsubscribeTokens: UnsubscribeTokens;
  /** Asks the job runner to run a queue's job now (after the request's commit); nothing when jobs are off (tests run the service). */
  runJobSoon: (queue: string) => Promise<void>;
}

export type ZodApp = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;
