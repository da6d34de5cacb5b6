import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { FastifySchema } from 'fastify';
import type { App } from '../../app';
import type { Access, TenantKind } from '@parceldesk/shared/access';
import { solveValidInput } from './valid-input';

/** A JSON schema as produced by z.toJSONSchema (input side); only the parts the harness reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

export interface RouteInput {
  /** The route's own zod schema, when it has one (validation of generated values). */
  zod: z.ZodType | null;
  json: JsonSchema;
}

export interface TenantParam {
  name: string;
  in: 'path' | 'query';
  kind: TenantKind;
}

export interface MatrixRoute {
  method: string;
  url: string;
  label: string;
  access: Access;
  pathParams: string[];
  tenantParams: TenantParam[];
  /** Valid values of path parameters that name no row (a year, a format): numbers and enums. */
  freeParams: Record<string, string>;
  body: RouteInput | null;
  query: RouteInput | null;
  bodyLimit: number | undefined;
  /** A HEAD route Fastify made from a GET (exposeHeadRoutes): same declaration, hooks and handler. */
  isHeadTwin: boolean;
  /** Statuses the route's response schema documents (a 503 of /health, a 502 of an upstream it calls). */
  documentedStatuses: number[];
}

const isZod = (value: unknown): value is z.ZodType => typeof value === 'object' && value !== null && '_zod' in value;

function routeInput(schema: unknown): RouteInput | null {
  if (!schema) return null;
  if (isZod(schema)) return { zod: schema, json: z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema };
  return { zod: null, json: schema as JsonSchema };
}

/** `:id`, `:courierId` and a trailing `*` of a Fastify path. */
export function pathParamsOf(url: string): string[] {
  const names = [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');
  return url.endsWith('*') ? [...names, '*'] : names;
}

/** A path parameter that cannot name a row: its schema makes it a number, a boolean or one of a list. */
function namesNoRow(schema: JsonSchema | undefined): boolean {
  if (!schema) return false;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  return type === 'integer' || type === 'number' || type === 'boolean' || Array.isArray(schema.enum);
}

/** Query parameters that name a row: every uuid-formatted property of the querystring schema. */
function uuidQueryParams(query: RouteInput | null): string[] {
  const props = query?.json.properties ?? {};
  return Object.entries(props).filter(([, s]) => s.format === 'uuid').map(([name]) => name);
}

/**
 * The routes the server registered under /api (docs excluded), from the auth plugin's own table,
 * with what the harness needs of each. `problems` lists every route whose declaration is
 * incomplete; the matrix fails on them, naming the route.
 */
export function apiRouteTable(app: App): { routes: MatrixRoute[]; problems: string[] } {
  const problems: string[] = [];
  const routes = app.apiRoutes.map((route) => {
    const schema = (route.schema ?? {}) as FastifySchema;
    const label = `${route.method} ${route.url}`;
    const body = routeInput(schema.body);
    const query = routeInput(schema.querystring);
    const pathParams = pathParamsOf(route.url);
    const params = routeInput(schema.params);
    const rule: Record<string, TenantKind> = { ...(route.access.tenant ?? {}) };
    const free = pathParams.filter((name) => !rule[name] && namesNoRow(params?.json.properties?.[name]));
    const solved = params && free.length > 0 ? solveValidInput(params, randomUUID) : null;
    const values = (solved && 'value' in solved ? solved.value : {}) as Record<string, unknown>;
    const freeParams = Object.fromEntries(free.map((name) => [name, String(values[name] ?? params?.json.properties?.[name]?.minimum ?? 1)]));
    const named = [
      ...pathParams.filter((name) => !free.includes(name)).map((name) => ({ name, in: 'path' as const })),
      ...uuidQueryParams(query).map((name) => ({ name, in: 'query' as const })),
    ];
    const tenantParams: TenantParam[] = [];
    for (const param of named) {
      const kind = rule[param.name];
      if (!kind) {
        problems.push(`${label}: ${param.in} parameter '${param.name}' may name a row but has no tenancy rule; add config.access.tenant = { ${param.name}: '<kind>' } (TenantKind in packages/shared/src/access.ts)`);
        continue;
      }
      tenantParams.push({ ...param, kind });
      delete rule[param.name];
    }
    for (const stale of Object.keys(rule)) problems.push(`${label}: config.access.tenant names '${stale}', which is not a parameter of the route`);
    return { method: route.method, url: route.url, label, access: route.access, pathParams, tenantParams, freeParams, body, query, bodyLimit: route.bodyLimit, isHeadTwin: false,
      documentedStatuses: Object.keys((schema.response ?? {}) as object).map(Number).filter(Number.isInteger) };
  });
  for (const route of routes) {
    route.isHeadTwin = route.method === 'HEAD'
      && routes.some((r) => r.method === 'GET' && r.url === route.url && JSON.stringify(r.access) === JSON.stringify(route.access));
  }
  return { routes, problems };
}

/** Fills `:name` segments (and `*`) of a Fastify path. */
export function fillPath(url: string, values: Record<string, string>): string {
  return url
    .replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(values[name] ?? 'missing'))
    .replace(/\*$/, () => values['*'] ?? '');
}
