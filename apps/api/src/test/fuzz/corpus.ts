import { randomUUID } from 'node:crypto';
import type { MatrixRoute } from '../access-matrix/route-table';
import { solveValidInput } from '../access-matrix/valid-input';
import type { FuzzRequest } from './request-arbitrary';

/**
 * Requests every run sends to every route, whatever the seed: inputs that once produced a 5xx
 * somewhere (NUL bytes reaching PostgreSQL, numbers past a column's range) applied to an
 * otherwise valid request, so the failure cannot hide behind validation.
 */
export function corpusFor(route: MatrixRoute, own: Record<string, string>): FuzzRequest[] {
  const requests: FuzzRequest[] = [];
  const base = { method: route.method, auth: 'caller' as const, garbageToken: '', category: 'corpus' };
  const fill = (values: Record<string, string>) => route.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => values[name] ?? encodeURIComponent(own[name] ?? 'x'));
  const ownQuery = route.tenantParams.filter((p) => p.in === 'query' && own[p.name]).map((p) => `${p.name}=${encodeURIComponent(own[p.name]!)}`);
  const url = (path: string, extra: string[] = []) => [path, [...ownQuery, ...extra].join('&')].filter(Boolean).join('?');

  if (route.pathParams.length > 0) {
    requests.push({ ...base, url: url(fill(Object.fromEntries(route.pathParams.map((p) => [p, '%00'])))) });
  }
  const queryNames = Object.keys(route.query?.json.properties ?? {});
  if (queryNames.length > 0) requests.push({ ...base, url: url(fill({}), queryNames.map((name) => `${encodeURIComponent(name)}=%00`)) });

  if (route.body && !['GET', 'HEAD', 'DELETE'].includes(route.method)) {
    const solved = solveValidInput(route.body, randomUUID);
    const valid = 'value' in solved && typeof solved.value === 'object' && solved.value !== null ? solved.value as Record<string, unknown> : {};
    const props = route.body.json.properties ?? {};
    const replaced = (pick: (type: unknown) => unknown) => {
      const copy: Record<string, unknown> = { ...valid };
      for (const [name, schema] of Object.entries(props)) {
        const value = pick(schema.type ?? schema.anyOf?.[0]?.type);
        if (value !== undefined) copy[name] = value;
      }
      return JSON.stringify(copy);
    };
    requests.push({ ...base, url: url(fill({})), contentType: 'application/json', payload: replaced((type) => (type === 'string' ? 'a\u0000b' : undefined)) });
    requests.push({ ...base, url: url(fill({})), contentType: 'application/json', payload: replaced((type) => (type === 'number' || type === 'integer' ? 1e21 : undefined)) });
  }
  return requests;
}
