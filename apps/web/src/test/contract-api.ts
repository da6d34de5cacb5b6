import { afterEach, expect } from 'vitest';
import { CONTRACT, NOT_JSON, type ContractRoute } from '@parceldesk/shared/contract';
import type { RequestOptions } from '../lib/api-client';

/**
 * Issue 10, "Also": a web test that fakes lib/api-client must serve what the server really
 * answers. Wrap the fake `api` with `contractChecked`: every answer it gives is parsed with the
 * route's schema from packages/shared/src/contract.ts (the one the server's routes use), and an
 * answer the contract does not allow, or a call to a route that does not exist, fails the test.
 * Import this module at the top of the test file too, so its check runs after each test.
 */

const ROUTES = Object.keys(CONTRACT).map((key) => {
  const [method = '', template = ''] = key.split(' ');
  const params = (template.match(/:[A-Za-z]+/g) ?? []).length;
  return { key: key as ContractRoute, method, params, pattern: new RegExp(`^${template.replace(/:[A-Za-z]+/g, '[^/]+')}$`) };
});

/** The route a call names; a literal segment wins over a parameter (/tickets/unread before /tickets/:id). */
export function routeOf(method: string, path: string): ContractRoute | undefined {
  const bare = path.split('?')[0] ?? path;
  return ROUTES.filter((route) => route.method === method && route.pattern.test(bare)).sort((a, b) => a.params - b.params)[0]?.key;
}

const drift: string[] = [];
afterEach(() => {
  const found = drift.splice(0);
  expect(found, 'fake API answers that the route contract does not allow').toEqual([]);
});

/** Checks one answer against its route's contract; the drift is reported after the test. */
export function checkAnswer(method: string, path: string, answer: unknown): void {
  const route = routeOf(method, path);
  if (!route) {
    drift.push(`${method} ${path}: no such route in the contract`);
    return;
  }
  const schema = CONTRACT[route];
  if (schema === NOT_JSON) return;
  const parsed = schema.safeParse(answer);
  if (!parsed.success) drift.push(`${route}: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'} ${issue.message}`).join('; ')}`);
}

type Api = (path: string, options?: RequestOptions) => Promise<unknown>;

/** The fake `api`, with every successful answer checked against the contract. */
export function contractChecked<F extends Api>(fake: F): F {
  // The arguments pass through untouched, so a test's toHaveBeenCalledWith on the fake still holds.
  return (async (...args: Parameters<Api>) => {
    const answer = await fake(...args);
    checkAnswer(args[1]?.method ?? 'GET', args[0], answer);
    return answer;
  }) as F;
}
