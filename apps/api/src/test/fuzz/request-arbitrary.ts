import fc from 'fast-check';
import type { JsonSchema, MatrixRoute } from '../access-matrix/route-table';
import { anyText, brokenObject, nearValue } from './schema-arbitrary';

/** One generated request; the runner adds the caller's token when `auth` is 'caller'. */
export interface FuzzRequest {
  category: string;
  method: string;
  url: string;
  auth: 'caller' | 'none' | 'garbage';
  garbageToken: string;
  contentType?: string;
  payload?: string | Buffer;
}

/** The app's body limit (app.ts); a route may set its own. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** encodeURIComponent, except that a lone surrogate becomes its (invalid) UTF-8 bytes instead of throwing. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text].map((ch) => {
      try {
        return encodeURIComponent(ch);
      } catch {
        return '%ED%A0%80';
      }
    }).join('');
  }
}

const RAW_SEGMENTS = ['%', '%zz', '%E0%A4%A', '%00', '..', '.', '%2e%2e', '%2F', ';', 'a%20b', '%C0%AF', '%ED%A0%80'];

function pathValue(own: string | undefined): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 8, arbitrary: fc.constant(encode(own ?? 'x')) },
    { weight: 1, arbitrary: anyText(40).map(encode) },
    { weight: 1, arbitrary: fc.oneof(fc.uuid().map(encode), fc.constantFrom(...RAW_SEGMENTS), fc.integer({ min: 1, max: 5000 }).map((n) => 'a'.repeat(n))) },
  );
}

function queryPart(value: unknown): string {
  if (typeof value === 'string') return encode(value);
  if (typeof value === 'object' && value !== null) return encode(JSON.stringify(value));
  return encode(String(value));
}

/** An object as a query string (arrays repeat the key), or junk no form would send. */
function queryString(schema: JsonSchema | null, own: Record<string, string>): fc.Arbitrary<string> {
  const fromObject = (value: unknown) => {
    if (typeof value !== 'object' || value === null) return queryPart(value);
    return Object.entries(value as Record<string, unknown>).flatMap(([key, v]) =>
      (Array.isArray(v) ? v : [v]).map((item) => `${encode(key)}=${queryPart(item)}`)).join('&');
  };
  const ownParams = Object.entries(own).map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
  const options: { weight: number; arbitrary: fc.Arbitrary<string> }[] = [
    { weight: 3, arbitrary: fc.constant(ownParams) },
    { weight: 1, arbitrary: fc.constantFrom('a[b]=1', '%', 'x=%zz', 'x=%00', '&&&', '=', 'a=1&a=2&a=3', `${'x=1&'.repeat(3000)}x=1`, `q=${'y'.repeat(20_000)}`) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), anyText(30), { maxKeys: 4 }).map(fromObject) },
  ];
  if (schema) {
    options.push({ weight: 4, arbitrary: nearValue(schema).map((v) => [fromObject(v), ownParams].filter(Boolean).join('&')) });
    options.push({ weight: 2, arbitrary: brokenObject(schema).map(fromObject) });
  }
  return fc.oneof(...options).map((q) => (q ? `?${q}` : ''));
}

const MALFORMED_JSON = [
  '{', '[', '{"a":', '{"a":1,}', "{'a':1}", '{"a":undefined}', 'nul', 'tru', '"unterminated', '{"a":"\\x41"}', '{"a":"\\ud800"}', '{"a":1}{"b":2}',
  '\u0000', '\ufeff{}', '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"x":1}}}', '{"a":1e999}', '{"a":-0}', '1e999', '-',
  `${'['.repeat(5000)}${']'.repeat(5000)}`, `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`, '{"a":"' + '\\u0000'.repeat(50) + '"}',
];
const CONTENT_TYPES = [
  'text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'application/octet-stream', 'application/json; charset=utf-16',
  'application/json; charset=latin1', 'application/json;;', 'application/vnd.api+json', 'multipart/form-data', 'multipart/form-data; boundary=',
  'image/png', '*/*', ';', 'application/JSON',
];
const FILE_FIELDS = ['file', 'logo', 'rate_sheet', 'upload', 'courier_id'];
const FILE_NAMES = ['a.png', 'a.gif', 'a.jpg', 'rates.xlsx', 'rates.csv', 'rates.pdf', '../../etc/passwd', '.htaccess', 'a.php.png', '', 'x'.repeat(500), 'naïve 👍.pdf', 'a\u0000.png', 'a"b.png', 'a\r\nX-Evil: 1.pdf'];
const MAGIC = [
  Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('GIF89a'), Buffer.from('ffd8ffe0', 'hex'), Buffer.from('%PDF-1.4\n'), Buffer.from('504b0304', 'hex'),
  Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.from('weight,cost\n1,2\n'), Buffer.from('<svg onload=alert(1)>'), Buffer.alloc(0),
];

/** A multipart body: plausible parts (real magic bytes, the route's field names), nasty names, or a broken envelope. */
function multipartBody(fieldNames: string[], ownCourier: string | undefined): fc.Arbitrary<{ contentType: string; payload: Buffer }> {
  const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW';
  const fieldPart = fc.record({
    name: fc.oneof(fc.constantFrom(...fieldNames, 'courier_id'), fc.string({ maxLength: 10 })),
    value: fc.oneof(fc.constant(ownCourier ?? ''), anyText(40), fc.uuid()),
  }).map(({ name, value }) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  const filePart = fc.record({
    name: fc.oneof(fc.constantFrom(...FILE_FIELDS), fc.string({ maxLength: 10 })),
    fileName: fc.constantFrom(...FILE_NAMES),
    type: fc.constantFrom('image/png', 'application/pdf', 'text/csv', 'application/octet-stream', 'text/html'),
    magic: fc.constantFrom(...MAGIC),
    tail: fc.oneof(fc.uint8Array({ maxLength: 256 }), fc.constantFrom(0, 1024, 64 * 1024).map((n) => new Uint8Array(n))),
  }).map(({ name, fileName, type, magic, tail }) => Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`),
    magic, Buffer.from(tail), Buffer.from('\r\n'),
  ]));
  const wellFormed = fc.tuple(fc.array(fieldPart, { maxLength: 3 }), fc.array(filePart, { maxLength: 3 }))
    .map(([fields, files]) => ({ contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat([...fields, ...files, Buffer.from(`--${boundary}--\r\n`)]) }));
  const broken = fc.constantFrom(
    { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\u0089PNG`) },
    { contentType: 'multipart/form-data', payload: Buffer.from('no boundary at all') },
    { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.from('garbage before\r\n') },
    { contentType: `multipart/form-data; boundary=${'b'.repeat(200)}`, payload: Buffer.from(`--${'b'.repeat(200)}--\r\n`) },
    { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${boundary}--\r\n`) },
  );
  return fc.oneof({ weight: 4, arbitrary: wellFormed }, { weight: 1, arbitrary: broken });
}

function jsonBodies(route: MatrixRoute, bodyLimit: number): { weight: number; arbitrary: fc.Arbitrary<Pick<FuzzRequest, 'category' | 'contentType' | 'payload'>> }[] {
  const schema: JsonSchema = route.body?.json ?? { type: 'object' };
  const json = (category: string) => (value: unknown) => ({ category, contentType: 'application/json', payload: JSON.stringify(value) ?? 'null' });
  const hugeField = fc.tuple(nearValue(schema), fc.constantFrom(1000, 100_000, bodyLimit - 200, bodyLimit - 20), fc.constantFrom('x', 'é', '😀', '\\'))
    .map(([value, size, ch]) => {
      const big = ch.repeat(Math.max(1, Math.floor(size / Buffer.byteLength(JSON.stringify(ch)))));
      const names = Object.keys(schema.properties ?? {});
      const target = typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : {};
      return { ...target, [names[0] ?? 'huge']: big };
    });
  return [
    { weight: 5, arbitrary: nearValue(schema).map(json('near-valid')) },
    { weight: 5, arbitrary: brokenObject(schema).map(json('broken-fields')) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map(json('random-json')) },
    { weight: 2, arbitrary: fc.oneof(fc.constantFrom(...MALFORMED_JSON), anyText(80)).map((payload) => ({ category: 'malformed-json', contentType: 'application/json', payload })) },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.constantFrom(...CONTENT_TYPES), fc.oneof(nearValue(schema).map((v) => JSON.stringify(v) ?? ''), anyText(60), fc.constant('a=1&b=2')))
        .map(([contentType, payload]) => ({ category: 'wrong-content-type', contentType, payload })),
    },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', '\n').map((payload) => ({ category: 'empty-json', contentType: 'application/json', payload })) },
    { weight: 1, arbitrary: hugeField.map(json('huge-field')) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(bodyLimit + 1, bodyLimit * 2).map((size) => ({ category: 'oversized', contentType: 'application/json', payload: `{"a":"${'x'.repeat(size)}"}` })),
    },
  ];
}

/**
 * Requests for one route, shaped by its own schemas: `own` holds the caller's rows for every
 * parameter that names one (path and query), so most requests reach the handler.
 */
export function requestArbitrary(route: MatrixRoute, own: Record<string, string>): fc.Arbitrary<FuzzRequest> {
  const bodyLimit = route.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const path = fc.tuple(...(route.pathParams.length ? route.pathParams.map((name) => pathValue(own[name])) : [fc.constant('')]))
    .map((values) => {
      let i = 0;
      return route.url.replace(/:([A-Za-z0-9_]+)/g, () => values[i++] ?? '').replace(/\*$/, () => values[i++] ?? '');
    });
  const ownQuery = Object.fromEntries(route.tenantParams.filter((p) => p.in === 'query' && own[p.name]).map((p) => [p.name, own[p.name]!]));
  const query = queryString(route.query?.json ?? null, ownQuery);
  const hasBody = !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(route.method);
  const fieldNames = Object.keys(route.body?.json.properties ?? {});
  const bodies = hasBody
    ? fc.oneof(
      ...jsonBodies(route, bodyLimit),
      { weight: 3, arbitrary: multipartBody(fieldNames, own.id).map((b) => ({ category: 'multipart', ...b })) },
      { weight: 1, arbitrary: fc.constant({ category: 'no-body' }) },
    )
    : fc.oneof(
      { weight: 8, arbitrary: fc.constant({ category: 'no-body' }) },
      { weight: 1, arbitrary: fc.oneof(fc.constantFrom(...MALFORMED_JSON), anyText(40)).map((payload) => ({ category: 'body-on-bodyless', contentType: 'application/json', payload })) },
    );
  const auth = fc.oneof(
    { weight: 18, arbitrary: fc.constant({ auth: 'caller' as const, garbageToken: '' }) },
    { weight: 1, arbitrary: fc.constant({ auth: 'none' as const, garbageToken: '' }) },
    {
      weight: 1,
      arbitrary: fc.oneof(
        // A header carries printable ASCII only; anything else is refused before it is sent.
        anyText(60).filter((t) => /^[\x20-\x7e]*$/.test(t)),
        fc.constantFrom('eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', 'a.b.c', 'Bearer', `${'A'.repeat(8000)}.x.y`),
      ).map((garbageToken) => ({ auth: 'garbage' as const, garbageToken })),
    },
  );
  return fc.tuple(path, query, bodies, auth).map(([p, q, body, who]) => ({
    method: route.method,
    url: `${p}${q}`,
    ...who,
    ...body,
    category: body.category,
  }));
}
