import autocannon, { type Request } from 'autocannon';

export interface LoadFigures {
  name: string;
  path: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

export interface LoadTarget {
  name: string;
  url: string;
  method?: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string;
  /** A fresh body per request (a receive scans a new tracking number each time). */
  bodyFor?: () => string;
}

/**
 * The q-quantile of the values (nearest rank), in any order: it sorts its own copy. (It used to
 * expect sorted values; the dashboards bench passed its timings in request order, so its p50 and
 * p99 were whichever requests sat at those positions.)
 */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/**
 * One autocannon run (10 connections, ~10 s by default). Latencies are taken from every 2xx
 * response event (autocannon's own histogram rounds to whole milliseconds, and the bare Fastify
 * route answers in less than one). Non-2xx answers are counted, not hidden.
 */
export async function measure(target: LoadTarget, options: { connections: number; seconds: number }): Promise<LoadFigures> {
  const latencies: number[] = [];
  const instance = autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    headers: { ...(target.body || target.bodyFor ? { 'content-type': 'application/json' } : {}), ...target.headers },
    body: target.body,
    ...(target.bodyFor ? { requests: [{ setupRequest: (request: Request) => ({ ...request, body: target.bodyFor!() }) }] } : {}),
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const ms = (value: number) => Math.round(value * 100) / 100;
  return {
    name: target.name,
    path: new URL(target.url).pathname + new URL(target.url).search,
    requestsPerSecond: Math.round((result.requests.total / result.duration) * 10) / 10,
    p50Ms: ms(quantile(latencies, 0.5)),
    p99Ms: ms(quantile(latencies, 0.99)),
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}
