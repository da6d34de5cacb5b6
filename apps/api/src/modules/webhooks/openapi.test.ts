import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_HEADERS } from '@parceldesk/shared/schemas/webhooks';
import { createTestApp, type TestApp } from '../../test/test-app';

type Operation = { security?: unknown[]; 'x-access'?: { roles?: string[]; public?: boolean; apiScope?: string | null }; responses: Record<string, { description: string }>; requestBody?: { content: Record<string, { examples?: Record<string, { value: unknown }> }> }; description?: string };
type OpenApi = { info: { description: string }; paths: Record<string, Record<string, Operation>>; components: { securitySchemes: Record<string, { type: string; scheme?: string }>; schemas: Record<string, unknown> } };

let t: TestApp;
let doc: OpenApi;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_IP_MAX: '37', TRACK_RATE_LIMIT_PER_MINUTE: '61' });
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApi>();
});
afterAll(() => t.close());

describe('the OpenAPI document for integrators', () => {
  it('declares the session scheme and marks each operation public or session, with who may call it from its access declaration', () => {
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'http', scheme: 'bearer' });
    const list = doc.paths['/api/settings/webhooks']!.get!;
    expect(list.security).toEqual([{ session: [] }]);
    expect(list['x-access']).toMatchObject({ roles: ['courier_admin'] });
    expect(list.description).toContain('Who may call it:** courier_admin');
    expect(list.responses['404']?.description).toMatch(/another courier/);
    const health = doc.paths['/api/health']!.get!;
    expect(health.security).toEqual([]);
    expect(health['x-access']).toEqual({ public: true });
    // Every operation of the API is covered.
    const operations = Object.values(doc.paths).flatMap((ops) => Object.values(ops));
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.filter((op) => op.security === undefined)).toEqual([]);
  });

  it('declares the API key scheme; an operation open to keys names its scope, and the docs list each scope\'s operations from the declarations', () => {
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const packages = doc.paths['/api/packages']!.get!;
    expect(packages.security).toEqual([{ session: [] }, { apiKey: [] }]);
    expect(packages['x-access']?.apiScope).toBe('packages:read');
    expect(doc.paths['/api/settings/webhooks']!.get!['x-access']?.apiScope).toBeNull();
    const keyRoutes = t.app.apiRoutes.filter((route) => route.method !== 'HEAD' && 'roles' in route.access && route.access.apiScope);
    expect(keyRoutes.length).toBeGreaterThan(0);
    const text = doc.info.description;
    for (const route of keyRoutes) {
      const scope = 'roles' in route.access ? route.access.apiScope : '';
      const line = text.split('\n').find((l) => l.startsWith(`- **\`${scope}\`**`));
      expect(line, `${route.method} ${route.url}`).toContain(`\`${route.method} ${route.url.replace(/:([A-Za-z]+)/g, '{$1}')}\``);
      // A key-only route is not offered to sessions.
      if ('roles' in route.access && route.access.roles.length === 0) {
        expect(doc.paths[route.url.replace(/:([A-Za-z]+)/g, '{$1}')]![route.method.toLowerCase()]!.security).toEqual([{ apiKey: [] }]);
      }
    }
    expect(text).toContain('api_key.scope_missing');
  });

  it('carries request and response examples for the webhook routes', () => {
    const create = doc.paths['/api/settings/webhooks']!.post!;
    expect(create.requestBody?.content['application/json']?.examples?.endpoint?.value).toMatchObject({ events: ['invoice.issued', 'payment.recorded'] });
    expect(JSON.stringify(create.responses['201'])).toContain('whsec_');
  });

  it('describes errors, pagination, the rate limits the server applies (from its configuration) and webhook signatures', () => {
    const text = doc.info.description;
    expect(doc.components.schemas.Error).toBeTruthy();
    for (const status of ['400', '401', '403', '404', '409', '429']) expect(text).toContain(`**${status}**`);
    expect(text).toContain('pageSize');
    expect(text).toContain('37 attempts per IP address');
    expect(text).toContain('61 lookups per IP address per minute');
    for (const header of Object.values(WEBHOOK_HEADERS)) expect(text).toContain(header);
  });
});
