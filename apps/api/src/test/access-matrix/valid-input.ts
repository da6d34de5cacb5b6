import fc from 'fast-check';
import { TEST_PASSWORD } from '../factories';
import type { JsonSchema, RouteInput } from './route-table';

/** Plausible values for text fields, tried in turn until the route's own schema accepts one. */
const TEXT_POOL = [
  'Matrix Test', 'matrix@example.com', '1', '1lb to 10lbs', 'Correct-Horse-9', 'New-Horse-Battery-7', '876-555-0100', '123-456-789',
  ['Warehouse', '8400 NW 25th St', 'Suite {mailbox}', 'Doral', 'FL', '33198'].join('\n'), 'smtp.example.com', 'https://example.com/x', '2024-01-31',
  'ACTIVE', 'active', 'individual', 'Kingston', 'St. Andrew', 'Jamaica', 'Mr.',
];
const NUMBER_POOL = [1, 0, 10, 2, 587, 100, 0.5];

function firstOption(schema: JsonSchema): JsonSchema {
  const options = schema.anyOf ?? schema.oneOf;
  if (!options) return schema;
  return options.find((o) => o.type !== 'null') ?? options[0] ?? {};
}

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
}

/** Candidate values for one field, most likely first; a password field tries the factories' password first. */
export function candidatesFor(raw: JsonSchema, uuid: () => string, name = ''): unknown[] {
  const schema = firstOption(raw);
  if (/password/i.test(name) && typeOf(schema) === 'string') return [TEST_PASSWORD, ...candidatesFor(raw, uuid).filter((v) => v !== TEST_PASSWORD)];
  if (schema.const !== undefined) return [schema.const];
  if (schema.enum) return [...schema.enum];
  const type = typeOf(schema);
  if (type === 'string' || (!type && (schema.format || schema.pattern))) {
    if (schema.format === 'uuid') return [uuid()];
    if (schema.format === 'email') return ['matrix@example.com'];
    if (schema.format === 'date-time') return [new Date().toISOString()];
    const fromPattern = schema.pattern ? fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { numRuns: 3, seed: 7 }) : [];
    const min = schema.minLength ?? 0;
    return [...(schema.default !== undefined ? [schema.default] : []), ...fromPattern, ...TEXT_POOL, 'x'.repeat(Math.max(min, 1))]
      .filter((v) => typeof v !== 'string' || (v.length >= min && v.length <= (schema.maxLength ?? Infinity)));
  }
  if (type === 'number' || type === 'integer') {
    const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : undefined);
    return [...(min !== undefined ? [min] : []), ...NUMBER_POOL];
  }
  if (type === 'boolean') return [true, false];
  if (type === 'array') return [[], ...(schema.items ? [[exampleOf(schema.items, uuid)]] : [])];
  if (type === 'object' || schema.properties) return [exampleOf(schema, uuid)];
  return ['Matrix Test', 1, true];
}

/** A first guess from the JSON schema: required properties only, each with its first candidate. */
export function exampleOf(raw: JsonSchema, uuid: () => string): unknown {
  const schema = firstOption(raw);
  if (typeOf(schema) === 'object' || schema.properties) {
    const value: Record<string, unknown> = {};
    for (const name of schema.required ?? []) value[name] = candidatesFor(schema.properties?.[name] ?? {}, uuid, name)[0];
    return value;
  }
  return candidatesFor(schema, uuid)[0];
}

function schemaAt(root: JsonSchema, path: (string | number)[]): JsonSchema | null {
  let node: JsonSchema | undefined = firstOption(root);
  for (const key of path) {
    if (!node) return null;
    node = typeof key === 'number' ? node.items : node.properties?.[String(key)];
    node = node && firstOption(node);
  }
  return node ?? null;
}

function setAt(target: unknown, path: (string | number)[], value: unknown) {
  let node = target as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
    node = node[key] as Record<string | number, unknown>;
  }
  node[path[path.length - 1]!] = value;
}

/**
 * A value the route's zod schema accepts, found by trying candidates field by field where the
 * schema complains (refinements such as "a weight like 2.5lbs" are not in the JSON schema).
 * Returns the last validation message instead when no candidate satisfies it.
 */
export function solveValidInput(input: RouteInput, uuid: () => string): { value: unknown } | { problem: string } {
  const value = exampleOf(input.json, uuid);
  if (!input.zod) return { value };
  const tried = new Map<string, number>();
  let problem = '';
  for (let step = 0; step < 200; step += 1) {
    const result = input.zod.safeParse(value);
    if (result.success) return { value };
    const issue = result.error.issues[0]!;
    problem = `${issue.path.join('.') || '(body)'}: ${issue.message}`;
    const path = issue.path.filter((k): k is string | number => typeof k !== 'symbol');
    if (path.length === 0) return { problem };
    const key = path.join('.');
    const next = (tried.get(key) ?? 0) + 1;
    const options = candidatesFor(schemaAt(input.json, path) ?? {}, uuid, String(path[path.length - 1]));
    if (next >= options.length) return { problem };
    tried.set(key, next);
    setAt(value, path, options[next]);
  }
  return { problem };
}
