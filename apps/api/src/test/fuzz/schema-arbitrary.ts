import fc from 'fast-check';
import type { JsonSchema } from '../access-matrix/route-table';

/**
 * fast-check arbitraries from a route's JSON schema (z.toJSONSchema of its zod schema): values
 * that mostly fit, sitting on and just past every limit the schema states, and values that do
 * not fit at all. The server must answer each with a 2xx or a 4xx, never a 5xx.
 */

const NASTY_STRINGS = [
  '', ' ', '\u0000', 'a\u0000b', '\ud800', '\udfff\ud800', '\u202e\u0041', '\ufeff', 'é', '𝕏', '👩‍👩‍👧‍👦', 'Ω≈ç√', '\r\n\t', '%00', '%', '%E0%A4%A',
  "' OR '1'='1", '"; DROP TABLE users; --', '\\', '${7*7}', '{{7*7}}', '<script>alert(1)</script>', '../../etc/passwd', 'null', 'undefined',
  'NaN', '-1', '1e309', '0x1f', '__proto__', 'constructor', 'toString', ' matrix@example.com ', 'MATRIX@EXAMPLE.COM', 'a@b', '@', 'a@b.c',
];
const NASTY_NUMBERS = [
  0, -0, 1, -1, 0.1, 0.005, 0.015, 1e-7, 2 ** 31, 2 ** 31 - 1, -(2 ** 31), 2 ** 53, Number.MAX_SAFE_INTEGER + 2, -Number.MAX_SAFE_INTEGER - 2,
  1e21, 1e308, -1e308, Number.MIN_VALUE, 65535, 65536, 99.99, 100.05, 10_000_000, 10_000_000.01,
];

const typeOf = (s: JsonSchema) => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type);
const optionsOf = (s: JsonSchema) => s.anyOf ?? s.oneOf;

/** Building arbitraries is not free (unicode tables, regex parsing): each is built once and reused. */
function memo<K, V>(build: (key: K) => V): (key: K) => V {
  const cache = new Map<K, V>();
  return (key) => {
    if (!cache.has(key)) cache.set(key, build(key));
    return cache.get(key)!;
  };
}

const textOfLength = memo((maxLength: number): fc.Arbitrary<string> => fc.oneof(
  fc.string({ maxLength }),
  fc.string({ unit: 'binary', maxLength }),
  fc.string({ unit: 'grapheme', maxLength }),
  fc.constantFrom(...NASTY_STRINGS),
));
/** Text of every kind: ASCII, full unicode (lone surrogates included), and the classic troublemakers. */
export const anyText = (maxLength = 64): fc.Arbitrary<string> => textOfLength(maxLength);
const matching = memo((pattern: string) => fc.stringMatching(new RegExp(pattern)));

function stringNear(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 300;
  const around = [min, Math.max(min - 1, 0), max, max + 1].filter((n) => n <= 100_000);
  const options: fc.Arbitrary<string>[] = [
    fc.string({ minLength: min, maxLength: Math.min(max, 300) }),
    fc.constantFrom(...around).chain((n) => fc.constantFrom('x', 'é', '😀', ' ').map((c) => c.repeat(n))),
    anyText(),
  ];
  if (schema.pattern) options.push(matching(schema.pattern));
  if (schema.format === 'uuid') options.push(fc.uuid(), fc.constantFrom('00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', 'not-a-uuid'));
  if (schema.format === 'email' || /@/.test(String(schema.pattern))) options.push(fc.emailAddress());
  return fc.oneof(...options);
}

function numberNear(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const edges = [schema.minimum, schema.maximum, schema.exclusiveMinimum, schema.exclusiveMaximum]
    .filter((n): n is number => typeof n === 'number' && Number.isFinite(n))
    .flatMap((n) => [n, n - 1, n + 1, n - 0.01, n + 0.01]);
  const step = schema.multipleOf ? [schema.multipleOf, schema.multipleOf / 2, schema.multipleOf * 3 + schema.multipleOf / 10] : [];
  return fc.oneof(
    integer ? fc.integer() : fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer({ min: -1000, max: 1000 }),
    fc.constantFrom(...NASTY_NUMBERS, ...edges, ...step),
  );
}

const nearCache = new WeakMap<JsonSchema, fc.Arbitrary<unknown>>();

/** A value of the schema's type, biased to its limits (and sometimes just past them). */
export function nearValue(raw: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  let built = nearCache.get(raw);
  if (!built) {
    built = buildNear(raw, depth);
    nearCache.set(raw, built);
  }
  return built;
}

function buildNear(raw: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const options = optionsOf(raw);
  if (options && options.length > 0) return fc.oneof(...options.map((o) => nearValue(o, depth)));
  const schema = raw;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) {
    const values = schema.enum;
    return fc.oneof(fc.constantFrom(...values), fc.constantFrom(...values).map((v) => (typeof v === 'string' ? v.toUpperCase() : v)), anyText(12));
  }
  switch (typeOf(schema)) {
    case 'string': return stringNear(schema);
    case 'integer': return numberNear(schema, true);
    case 'number': return numberNear(schema, false);
    case 'boolean': return fc.boolean();
    case 'null': return fc.constant(null);
    case 'array': {
      const item = schema.items && depth < 3 ? nearValue(schema.items, depth + 1) : fc.jsonValue({ maxDepth: 1 });
      return fc.array(item, { maxLength: Math.min((schema.maxItems ?? 5) + 1, 300) });
    }
    case 'object': return depth < 4 ? objectNear(schema, depth) : fc.constant({});
    default: return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectNear(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const names = Object.keys(props);
  if (names.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 });
  const required = new Set(schema.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const name of names) model[name] = nearValue(props[name]!, depth + 1);
  return fc.record(model, { requiredKeys: names.filter((n) => required.has(n)) });
}

/** Anything but the right type. */
export function wrongType(schema: JsonSchema): fc.Arbitrary<unknown> {
  const type = typeOf(schema);
  const all: [string, fc.Arbitrary<unknown>][] = [
    ['string', anyText(20)],
    ['number', fc.constantFrom(...NASTY_NUMBERS)],
    ['boolean', fc.boolean()],
    ['null', fc.constant(null)],
    ['array', fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 })],
    ['object', fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 })],
  ];
  const others = all.filter(([t]) => t !== type && !(type === 'integer' && t === 'number')).map(([, a]) => a);
  return fc.oneof(...others);
}

/**
 * An object that breaks the schema on purpose: a required field missing, a field of the wrong
 * type, extra fields (prototype keys included), or all at once.
 */
const brokenCache = new WeakMap<JsonSchema, fc.Arbitrary<unknown>>();
export function brokenObject(schema: JsonSchema): fc.Arbitrary<unknown> {
  let built = brokenCache.get(schema);
  if (!built) {
    built = buildBroken(schema);
    brokenCache.set(schema, built);
  }
  return built;
}

function buildBroken(schema: JsonSchema): fc.Arbitrary<unknown> {
  const props = schema.properties ?? {};
  const names = Object.keys(props);
  const base = objectNear(schema, 0);
  if (names.length === 0) return fc.oneof(base, wrongType(schema));
  const extra = fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'courierId', 'role', 'isActive')), fc.jsonValue({ maxDepth: 2 }), { minKeys: 1, maxKeys: 4 });
  return fc.oneof(
    fc.tuple(base, fc.constantFrom(...names)).map(([value, name]) => { const copy = { ...value }; delete copy[name]; return copy; }),
    fc.tuple(base, fc.constantFrom(...names)).chain(([value, name]) => wrongType(props[name]!).map((bad) => ({ ...value, [name]: bad }))),
    fc.tuple(base, extra).map(([value, more]) => ({ ...value, ...more })),
    wrongType(schema),
  );
}
