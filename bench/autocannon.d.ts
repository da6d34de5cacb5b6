// autocannon ships no types; the part the bench and the soak use.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface Histogram { average: number; mean: number; total: number; p50: number; p99: number; max: number }
  export interface Result {
    duration: number;
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    [key: string]: unknown;
  }
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
  }
  export interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    /** Stop after this many requests instead of after `duration` (bench/cpu-cost.ts). */
    amount?: number;
    timeout?: number;
    requests?: Request[];
  }
  type Instance = EventEmitter & PromiseLike<Result>;
  function autocannon(options: Options): Instance;
  export default autocannon;
}
