import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { PackageEmailsSwitch } from './package-emails-switch';
import '../../../test/contract-api';

configure({ asyncUtilTimeout: 5000 });

const server = vi.hoisted(() => ({ responses: {} as Record<string, unknown>, calls: [] as { path: string; method: string; body: unknown }[] }));
vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  api: (await import('../../../test/contract-api')).contractChecked(vi.fn(async (path: string, options: { method?: string; body?: unknown } = {}) => {
    server.calls.push({ path, method: options.method ?? 'GET', body: options.body });
    const answer = server.responses[`${options.method ?? 'GET'} ${path}`];
    if (answer instanceof Error) throw answer;
    return answer;
  })),
}));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/toast', () => ({ notify: toast }));

function renderSwitch() {
  renderWithProviders(<PackageEmailsSwitch />);
}

/** The label wraps the switch, so its name also carries the description. */
const label = /^Email me when a package is received or its status changes/;

beforeEach(() => {
  vi.clearAllMocks();
  server.calls = [];
  server.responses = { 'GET /customers/me/package-emails': { packageEmails: true } };
});

describe('PackageEmailsSwitch', () => {
  it('shows the saved choice and turns package emails off', async () => {
    server.responses['PUT /customers/me/package-emails'] = { packageEmails: false, message: 'Package email preference saved' };
    renderSwitch();
    const toggle = (await screen.findByRole('switch', { name: label })) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Package emails are off'));
    expect(server.calls).toContainEqual({ path: '/customers/me/package-emails', method: 'PUT', body: { packageEmails: false } });
    expect((screen.getByRole('switch', { name: label }) as HTMLInputElement).checked).toBe(false);
  });

  it('keeps the old choice and says so when saving fails', async () => {
    server.responses['PUT /customers/me/package-emails'] = new ApiError(0, 'Cannot reach the server. Check your connection and try again.');
    renderSwitch();
    fireEvent.click(await screen.findByRole('switch', { name: label }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Cannot reach the server. Check your connection and try again.'));
    expect((screen.getByRole('switch', { name: label }) as HTMLInputElement).checked).toBe(true);
  });
});
