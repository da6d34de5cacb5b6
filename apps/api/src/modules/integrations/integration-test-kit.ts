import type { App } from '../../app';
import type { ApiScope } from '@parceldesk/shared/api-scopes';
import type { ApiKeyCreated } from '@parceldesk/shared/schemas/integrations';

/** Creates a key through the API as the courier admin; returns its token and the header that carries it. */
export async function createKey(app: App, adminHeaders: Record<string, string>, scopes: ApiScope[], name = 'Warehouse key') {
  const response = await app.inject({ method: 'POST', url: '/api/integrations/api-keys', headers: adminHeaders, payload: { name, scopes } });
  if (response.statusCode !== 201) throw new Error(`key creation failed: ${response.statusCode} ${response.body}`);
  const created = response.json<ApiKeyCreated>();
  return { ...created, headers: { authorization: `Bearer ${created.token}` } };
}
