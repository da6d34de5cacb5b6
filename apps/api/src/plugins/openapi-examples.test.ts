import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { apiErrorBodySchema } from '@parceldesk/shared/schemas/common';
import { createTestApp, type TestApp } from '../test/test-app';
import { OPERATION_EXAMPLES, type NamedExample } from './openapi-examples';

type Media = { example?: unknown; examples?: Record<string, NamedExample>; schema?: { $ref?: string } };
type Operation = {
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
  parameters?: { in: string; name: string; example?: unknown }[];
};
type OpenApi = { paths: Record<string, Record<string, Operation>> };
type RouteSchema = { body?: z.ZodType; querystring?: z.ZodType; response?: Record<string, z.ZodType> };

let t: TestApp;
let doc: OpenApi;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApi>();
});
afterAll(() => t.close());

const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');
const keyRoutes = () => t.app.apiRoutes.filter((route) => route.method !== 'HEAD' && 'roles' in route.access && route.access.apiScope);
const json = (holder: { content?: Record<string, Media> } | undefined) => holder?.content?.['application/json'];
const issues = (result: z.ZodSafeParseResult<unknown>) => (result.success ? '' : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));

/** What an integrator reading an operation open to API keys would miss: a body, answer or error without an example. */
function missingExamples(document: OpenApi): string[] {
  return keyRoutes().flatMap((route) => {
    const name = `${route.method} ${openApiPath(route.url)}`;
    const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
    if (!operation) return [`${name}: not in the document`];
    const schema = route.schema as RouteSchema | undefined;
    const problems: string[] = [];
    if (schema?.body && Object.keys(json(operation.requestBody)?.examples ?? {}).length === 0) problems.push(`${name}: request body has no example`);
    for (const status of Object.keys(schema?.response ?? {})) {
      if (Object.keys(json(operation.responses[status])?.examples ?? {}).length === 0) problems.push(`${name}: ${status} answer has no example`);
    }
    for (const [status, response] of Object.entries(operation.responses)) {
      const media = json(response);
      if (media?.schema?.$ref === '#/components/schemas/Error' && !media.examples) problems.push(`${name}: ${status} error body has no example`);
    }
    return problems;
  });
}

describe('OpenAPI examples for integrators (issue 17)', () => {
  it('shows a request, a success answer and the error body for every operation an API key can reach', () => {
    expect(keyRoutes().length).toBeGreaterThanOrEqual(7);
    expect(missingExamples(doc)).toEqual([]);
    // What a key's integrator sees first: the contract's add, with a 201 and the key refusals.
    const add = doc.paths['/api/packing/v2/packages']!.post!;
    expect(Object.keys(json(add.requestBody)!.examples!)).toEqual(['known', 'unknown']);
    expect(json(add.responses['201'])!.examples!.created!.value).toMatchObject({ Result: 'created', HouseNumber: 'IEX-P-0000123' });
    expect(JSON.stringify(json(add.responses['401'])!.examples)).toContain('api_key.invalid');
    expect(JSON.stringify(json(add.responses['403'])!.examples)).toContain('api_key.scope_missing');
    expect(doc.paths['/api/packing/v2/customers']!.get!.parameters!.find((p) => p.name === 'after')!.example).toBe('IEX10041');
  });

  it('notices an operation open to keys that lost its example', () => {
    const copy = JSON.parse(JSON.stringify(doc)) as OpenApi;
    delete json(copy.paths['/api/packing/v2/manifests']!.post!.requestBody)!.examples;
    delete json(copy.paths['/api/packages/{id}']!.get!.responses['200'])!.examples;
    expect(missingExamples(copy).sort()).toEqual([
      'GET /api/packages/{id}: 200 answer has no example',
      'POST /api/packing/v2/manifests: request body has no example',
    ]);
  });

  it('every example is what the route\'s own schema accepts or answers, field for field', () => {
    const routes = new Map(t.app.apiRoutes.map((route) => [`${route.method} ${openApiPath(route.url)}`, route.schema as RouteSchema | undefined]));
    for (const [operation, examples] of Object.entries(OPERATION_EXAMPLES)) {
      const schema = routes.get(operation);
      expect(schema, `${operation} is an operation of the API`).toBeTruthy();
      if (examples.query) {
        const parsed = schema!.querystring!.safeParse(examples.query);
        expect(issues(parsed), `${operation} query`).toBe('');
      }
      for (const [name, example] of Object.entries(examples.request ?? {})) {
        const parsed = schema!.body!.safeParse(example.value);
        expect(issues(parsed), `${operation} request ${name}`).toBe('');
        // Nothing in the example is dropped by the schema (a misspelt field would be).
        expect(parsed.data, `${operation} request ${name}`).toEqual(example.value);
      }
      for (const [status, named] of Object.entries(examples.responses)) {
        const answer = schema!.response?.[status];
        expect(answer, `${operation} answers ${status}`).toBeTruthy();
        for (const [name, example] of Object.entries(named)) {
          const parsed = answer!.safeParse(example.value);
          expect(issues(parsed), `${operation} ${status} ${name}`).toBe('');
          expect(parsed.data, `${operation} ${status} ${name}`).toEqual(example.value);
        }
      }
    }
    // The error examples every operation shows are the error body.
    for (const operation of Object.values(doc.paths).flatMap((ops) => Object.values(ops))) {
      for (const response of Object.values(operation.responses)) {
        const media = json(response);
        if (media?.schema?.$ref !== '#/components/schemas/Error') continue;
        for (const example of Object.values(media.examples ?? {})) expect(issues(apiErrorBodySchema.strict().safeParse(example.value))).toBe('');
      }
    }
  });
});
