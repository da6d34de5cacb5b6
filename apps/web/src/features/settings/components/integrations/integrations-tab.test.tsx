import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_SERVICE_MAP, INTEGRATIONS_MSG, type ApiKey, type PackingConnection, type PackingConnectionInput } from '@parceldesk/shared/schemas/integrations';
import { ApiError, type RequestOptions } from '../../../../lib/api-client';
import { renderSettings } from '../../test/render-settings';
import { IntegrationsTab } from './integrations-tab';
import '../../../../test/contract-api';

const mocks = vi.hoisted(() => ({ api: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../lib/api-client')>()),
  api: (await import('../../../../test/contract-api')).contractChecked(mocks.api),
}));
vi.mock('../../../../lib/toast', () => ({ notify: { success: mocks.success, error: mocks.error } }));

const KEY_ID = '5b1f2c9e-8a44-4d1b-9e0f-3c2a1b0d9e11';
const TASOKO: ApiKey = {
  id: KEY_ID, name: 'Tasoko warehouse', prefix: 'pdk_ab12cd34', scopes: ['warehouse:push', 'customers:read'],
  createdAt: '2026-11-20T15:00:00.000Z', revokedAt: null, lastUsedAt: '2026-11-24T14:30:00.000Z', lastUsedIp: '203.0.113.9',
};
const READER: ApiKey = {
  id: '0c6d7e8f-1a2b-4c3d-8e5f-6a7b8c9d0e1f', name: 'Accounting reader', prefix: 'pdk_ef56gh78', scopes: ['packages:read'],
  createdAt: '2026-11-21T15:00:00.000Z', revokedAt: null, lastUsedAt: null, lastUsedIp: null,
};
const TOKEN = 'pdk_9z8y7x6w_the-secret-shown-once';
const lastUsed = (iso: string) => new Date(iso).toLocaleString('en-JM', { timeZone: 'America/Jamaica' });
const ENDPOINTS = { customers: '/api/packing/v2/customers', packages: '/api/packing/v2/packages', manifests: '/api/packing/v2/manifests' };

/** A fake server: the key list, creation (the token once), revoke, and the packing connection. */
function serve(options: { saveFails?: ApiError; connection?: PackingConnection['connection'] } = {}) {
  let keys = [TASOKO, READER];
  let connection = options.connection ?? null;
  mocks.api.mockImplementation(async (path: string, request: RequestOptions = {}) => {
    const method = request.method ?? 'GET';
    if (method === 'GET' && path === '/integrations/api-keys') return { data: keys };
    if (method === 'POST' && path === '/integrations/api-keys') {
      const body = request.body as { name: string; scopes: ApiKey['scopes'] };
      const key: ApiKey = { ...READER, id: '9a8b7c6d-5e4f-4a3b-8c1d-0e9f8a7b6c5d', name: body.name, scopes: body.scopes, prefix: 'pdk_9z8y7x6w' };
      keys = [...keys, key];
      return { key, token: TOKEN, message: INTEGRATIONS_MSG.keyCreated };
    }
    const revoke = /^\/integrations\/api-keys\/([^/]+)\/revoke$/.exec(path);
    if (method === 'POST' && revoke) {
      keys = keys.map((k) => (k.id === revoke[1] ? { ...k, revokedAt: '2026-11-25T03:00:00.000Z' } : k));
      return { key: keys.find((k) => k.id === revoke[1])!, message: INTEGRATIONS_MSG.keyRevoked };
    }
    if (method === 'GET' && path === '/integrations/packing-system') return { connection };
    if (method === 'PUT' && path === '/integrations/packing-system') {
      if (options.saveFails) throw options.saveFails;
      const body = request.body as PackingConnectionInput;
      const key = keys.find((k) => k.id === body.keyId)!;
      connection = { ...body, keyName: key.name, keyPrefix: key.prefix, updatedAt: '2026-11-25T03:10:00.000Z', endpoints: ENDPOINTS };
      return { connection, message: INTEGRATIONS_MSG.connectionSaved };
    }
    throw new Error(`unexpected ${method} ${path}`);
  });
}

const keyRow = (name: string) => within(screen.getByRole('table', { name: 'API keys' })).getByRole('row', { name: new RegExp(name) });
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').slice(0, 5).map((cell) => cell.textContent);

beforeEach(() => vi.clearAllMocks());

describe('IntegrationsTab', () => {
  it('lists the keys with their prefix, scopes, last use and status', async () => {
    serve();
    renderSettings(<IntegrationsTab />);
    await screen.findByRole('table', { name: 'API keys' });
    expect(cells(keyRow('Tasoko warehouse'))).toEqual([
      'Tasoko warehouse', 'pdk_ab12cd34…', 'warehouse:push, customers:read', `${lastUsed(TASOKO.lastUsedAt!)} from 203.0.113.9`, 'Active',
    ]);
    expect(cells(keyRow('Accounting reader'))).toEqual(['Accounting reader', 'pdk_ef56gh78…', 'packages:read', 'Never', 'Active']);
    expect(screen.queryByText(/the-secret-shown-once/)).toBeNull();
  });

  it('creates a key and shows its token once, in a dialog, never again after it is closed', async () => {
    serve();
    const { user } = renderSettings(<IntegrationsTab />);
    await screen.findByRole('table', { name: 'API keys' });

    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    expect(await screen.findByText(INTEGRATIONS_MSG.nameRequired)).toBeTruthy();
    expect(screen.getByText(INTEGRATIONS_MSG.scopesRequired)).toBeTruthy();
    expect(mocks.api).not.toHaveBeenCalledWith('/integrations/api-keys', expect.objectContaining({ method: 'POST' }));

    await user.type(screen.getByLabelText('Key name'), 'Miami packing');
    await user.click(screen.getByRole('checkbox', { name: /^warehouse:push/ }));
    await user.click(screen.getByRole('checkbox', { name: /^customers:read/ }));
    await user.click(screen.getByRole('button', { name: 'Create API key' }));

    const dialog = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(dialog).getByLabelText('New API key').textContent).toBe(TOKEN);
    expect(within(dialog).getByText(/it will not be shown again/)).toBeTruthy();
    expect(mocks.success).toHaveBeenCalledWith(INTEGRATIONS_MSG.keyCreated);
    expect(mocks.api).toHaveBeenCalledWith('/integrations/api-keys', { method: 'POST', body: { name: 'Miami packing', scopes: ['warehouse:push', 'customers:read'] } });
    await waitFor(() => expect(cells(keyRow('Miami packing'))).toEqual(['Miami packing', 'pdk_9z8y7x6w…', 'warehouse:push, customers:read', 'Never', 'Active']));
    // The form is ready for another key.
    expect((screen.getByLabelText('Key name') as HTMLInputElement).value).toBe('');

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your new API key' })).toBeNull());
    expect(screen.queryByText(TOKEN)).toBeNull();
    expect(document.body.textContent).not.toContain('the-secret-shown-once');
  });

  it('asks before revoking a key; cancel keeps it, confirm shows it revoked', async () => {
    serve();
    const { user } = renderSettings(<IntegrationsTab />);
    await screen.findByRole('table', { name: 'API keys' });

    await user.click(screen.getByRole('button', { name: 'Revoke Accounting reader' }));
    let ask = await screen.findByRole('dialog', { name: 'Revoke Accounting reader?' });
    expect(within(ask).getByText(/Every system using this key is refused/)).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revoke Accounting reader?' })).toBeNull());
    expect(mocks.api).not.toHaveBeenCalledWith(expect.stringMatching(/revoke$/), expect.anything());
    expect(cells(keyRow('Accounting reader'))[4]).toBe('Active');

    await user.click(screen.getByRole('button', { name: 'Revoke Accounting reader' }));
    ask = await screen.findByRole('dialog', { name: 'Revoke Accounting reader?' });
    await user.click(within(ask).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(mocks.success).toHaveBeenCalledWith(`${INTEGRATIONS_MSG.keyRevoked}: Accounting reader`));
    expect(mocks.api).toHaveBeenCalledWith(`/integrations/api-keys/${READER.id}/revoke`, { method: 'POST' });
    await waitFor(() => expect(cells(keyRow('Accounting reader'))[4]).toBe('Revoked'));
    expect(screen.queryByRole('button', { name: 'Revoke Accounting reader' })).toBeNull();
    expect(cells(keyRow('Tasoko warehouse'))[4]).toBe('Active');
  });

  it('connects the packing system with a key and a service mapping, then shows the addresses to give it', async () => {
    serve();
    const { user } = renderSettings(<IntegrationsTab />);
    const form = await screen.findByRole('form', { name: 'Packing system connection' });

    await user.click(within(form).getByRole('button', { name: 'Connect packing system' }));
    expect(await within(form).findByText(INTEGRATIONS_MSG.keyRequired)).toBeTruthy();

    await user.click(within(form).getByRole('combobox', { name: /API key the packing system uses/ }));
    await user.click(await screen.findByRole('option', { name: 'Tasoko warehouse (pdk_ab12cd34…)' }));
    await user.click(within(form).getByRole('combobox', { name: 'AIR PREMIUM' }));
    await user.click(await screen.findByRole('option', { name: 'SEA' }));
    await user.click(within(form).getByRole('button', { name: 'Connect packing system' }));

    await waitFor(() => expect(mocks.success).toHaveBeenCalledWith(INTEGRATIONS_MSG.connectionSaved));
    expect(mocks.api).toHaveBeenCalledWith('/integrations/packing-system', {
      method: 'PUT', body: { profile: 'packing_v2', keyId: KEY_ID, serviceMap: { ...DEFAULT_SERVICE_MAP, 'AIR PREMIUM': 'sea' } },
    });
    const saved = await screen.findByRole('form', { name: 'Packing system connection' });
    expect(await within(saved).findByText(ENDPOINTS.packages)).toBeTruthy();
    expect(within(saved).getByText(ENDPOINTS.customers)).toBeTruthy();
    expect((within(saved).getByRole('combobox', { name: 'AIR PREMIUM' }) as HTMLInputElement).value).toBe('SEA');
    expect(within(saved).getByRole('button', { name: 'Save connection' })).toBeTruthy();
  });

  it('puts the server\'s refusal of a key without the push scope on the key field', async () => {
    serve({ saveFails: new ApiError(400, INTEGRATIONS_MSG.keyNeedsPushScope, { keyId: INTEGRATIONS_MSG.keyNeedsPushScope }) });
    const { user } = renderSettings(<IntegrationsTab />);
    const form = await screen.findByRole('form', { name: 'Packing system connection' });
    await user.click(within(form).getByRole('combobox', { name: /API key the packing system uses/ }));
    await user.click(await screen.findByRole('option', { name: 'Accounting reader (pdk_ef56gh78…)' }));
    await user.click(within(form).getByRole('button', { name: 'Connect packing system' }));

    expect(await within(form).findByText(INTEGRATIONS_MSG.keyNeedsPushScope)).toBeTruthy();
    expect(mocks.error).toHaveBeenCalledWith(INTEGRATIONS_MSG.keyNeedsPushScope);
    expect(within(form).getByRole('combobox', { name: /API key the packing system uses/ }).getAttribute('aria-invalid')).toBe('true');
    expect(mocks.success).not.toHaveBeenCalled();
  });
});
