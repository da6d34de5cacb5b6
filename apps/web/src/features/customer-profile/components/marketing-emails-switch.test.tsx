import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { MarketingEmailsSwitch } from './marketing-emails-switch';
import '../../../test/contract-api';

configure({ asyncUtilTimeout: 5000 });

const server = vi.hoisted(() => ({ responses: {} as Record<string, unknown>, calls: [] as { path: string; method: string; body: unknown }[] }));
vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  api: (await import('../../../test/contract-api')).contractChecked(vi.fn(async (path: string, options: { method?: string; body?: unknown } = {}) => {
    server.calls.push({ path, method: options.method ?? 'GET', body: options.body });
    return server.responses[`${options.method ?? 'GET'} ${path}`];
  })),
}));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/toast', () => ({ notify: toast }));

const label = /^Email me news and offers/;

beforeEach(() => {
  vi.clearAllMocks();
  server.calls = [];
  server.responses = {
    'GET /customers/me/marketing-emails': { marketingEmails: true },
    'PUT /customers/me/marketing-emails': { marketingEmails: false, message: 'Email preference saved' },
  };
});

describe('MarketingEmailsSwitch', () => {
  it('shows the saved choice and turns news and offers off, saying receipts still arrive', async () => {
    renderWithProviders(<MarketingEmailsSwitch />);
    const toggle = (await screen.findByRole('switch', { name: label })) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(screen.getByText('Receipts and parcel updates still arrive either way.')).toBeTruthy();
    fireEvent.click(toggle);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('News and offers by email are off'));
    expect(server.calls).toContainEqual({ path: '/customers/me/marketing-emails', method: 'PUT', body: { marketingEmails: false } });
    expect((screen.getByRole('switch', { name: label }) as HTMLInputElement).checked).toBe(false);
  });
});
