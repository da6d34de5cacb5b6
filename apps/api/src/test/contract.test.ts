import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONTRACT, NOT_JSON, type ContractRoute } from '@parceldesk/shared/contract';
import { createTestApp, type TestApp } from './test-app';

/** Issue 10, one contract per route: every route answers what packages/shared/src/contract.ts says. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const jsonSchemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });

function successSchema(route: TestApp['app']['apiRoutes'][number]): z.ZodType | undefined {
  const response = (route.schema?.response ?? {}) as Record<string, z.ZodType | undefined>;
  return response['200'] ?? response['201'] ?? response['202'];
}

describe('the route contract', () => {
  it('names every registered route, and no route that is not', () => {
    const registered = t.app.apiRoutes.filter((route) => route.method !== 'HEAD').map((route) => `${route.method} ${route.url.slice('/api'.length)}`);
    expect([...registered].sort()).toEqual(Object.keys(CONTRACT).sort());
  });

  it('is the response schema of every route that answers JSON', () => {
    const drift: string[] = [];
    for (const route of t.app.apiRoutes.filter((r) => r.method !== 'HEAD')) {
      const key = `${route.method} ${route.url.slice('/api'.length)}` as ContractRoute;
      const contract = CONTRACT[key];
      const served = successSchema(route);
      if (contract === undefined) {
        drift.push(`${key}: not in packages/shared/src/contract.ts`);
        continue;
      }
      if (contract === NOT_JSON) {
        // A file route may describe its bytes with z.any() for the documentation.
        if (served && !(served instanceof z.ZodAny)) drift.push(`${key}: the contract says it answers no JSON of its own, the route declares a schema`);
        continue;
      }
      if (!served) drift.push(`${key}: the route declares no success schema`);
      else if (JSON.stringify(jsonSchemaOf(served)) !== JSON.stringify(jsonSchemaOf(contract))) drift.push(`${key}: the route's schema differs from the contract`);
    }
    expect(drift).toEqual([]);
  });
});

type RequestBody = { content: Record<string, { schema: { properties: Record<string, { type?: string; format?: string; items?: { format?: string } }>; required?: string[] } }> };
type OpenApi = { paths: Record<string, Record<string, { requestBody?: RequestBody }>> };

describe('the OpenAPI document', () => {
  it('shows the multipart bodies: ticket create and reply with attachments, and the uploads with their file field', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApi>();
    const form = (path: string, method = 'post') => doc.paths[path]?.[method]?.requestBody?.content['multipart/form-data']?.schema;

    const create = form('/api/tickets');
    expect(create?.required).toEqual(expect.arrayContaining(['subject', 'department', 'message']));
    expect(create?.properties.attachments?.items?.format).toBe('binary');
    expect(form('/api/tickets/{id}/messages')?.properties.attachments?.items?.format).toBe('binary');
    expect(form('/api/couriers/{id}/logo')?.properties.logo?.format).toBe('binary');
    expect(form('/api/rate-sheet')?.properties.rate_sheet?.format).toBe('binary');
    expect(form('/api/settings/shipping-rates/bulk-upload')?.required).toEqual(expect.arrayContaining(['file', 'courier_id']));
  });

  it('shows the packages multipart bodies: pre-alerts with their invoice, claims with their proof, photos and bulk receive', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApi>();
    const form = (path: string, method = 'post') => doc.paths[path]?.[method]?.requestBody?.content['multipart/form-data']?.schema;

    for (const [path, method] of [['/api/pre-alerts', 'post'], ['/api/pre-alerts/{id}', 'put']] as const) {
      const preAlert = form(path, method);
      expect(preAlert?.required).toEqual(expect.arrayContaining(['trackingNumber', 'store', 'description', 'declaredValue']));
      expect(preAlert?.required).not.toContain('invoice');
      expect(preAlert?.properties.invoice?.format).toBe('binary');
    }
    const claim = form('/api/package-claims');
    expect(claim?.required).toEqual(expect.arrayContaining(['trackingNumber', 'proof']));
    expect(claim?.properties.proof?.format).toBe('binary');
    expect(form('/api/packages/{id}/photos')?.properties.photo?.format).toBe('binary');
    const bulk = form('/api/packages/bulk-receive');
    expect(bulk?.required).toEqual(expect.arrayContaining(['file']));
    expect(Object.keys(bulk?.properties ?? {})).toEqual(expect.arrayContaining(['file', 'commit', 'service']));
  });

  it('shows the delivery photo upload (proof of delivery) with its file field', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApi>();
    const photo = doc.paths['/api/delivery-requests/{id}/photo']?.post?.requestBody?.content['multipart/form-data']?.schema;
    expect(photo?.required).toEqual(['photo']);
    expect(photo?.properties.photo?.format).toBe('binary');
  });
});
