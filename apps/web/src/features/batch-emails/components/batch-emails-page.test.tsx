import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { BatchDetail, BatchListItem, BatchRecipientItem } from '@parceldesk/shared/schemas/batch-emails';
import type { AuthContextValue } from '../../../lib/auth-context';
import { renderRoutes } from '../../../test/render';
import { BatchEmailsPage } from './batch-emails-page';
import '../../../test/contract-api';

configure({ asyncUtilTimeout: 5000 });

const auth = vi.hoisted(() => ({ current: {} as Partial<AuthContextValue> }));
vi.mock('../../../lib/auth-context', () => ({ useAuth: () => auth.current }));
const server = vi.hoisted(() => ({ responses: {} as Record<string, unknown>, calls: [] as { path: string; method: string; body: unknown; headers?: Record<string, string> }[] }));
const mocks = vi.hoisted(() => ({ api: vi.fn() }));
vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  api: (await import('../../../test/contract-api')).contractChecked(mocks.api),
}));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../lib/toast', () => ({ notify: toast }));

const BATCH_ID = '0b5f8a43-6a3c-4f55-9a55-2f3a5a3c1d11';
const detail = (counts: Partial<BatchDetail['counts']>): BatchDetail => ({
  id: BATCH_ID, batchNo: 'EB-00001', subject: 'Your parcel is waiting, {{firstName}}', body: 'Come in', audienceLabel: 'Customers with parcels ready for pickup',
  status: 'sending', counts: { total: 2, queued: 2, sent: 0, failed: 0, skipped: 0, ...counts }, createdByName: 'Ada Admin', createdAt: '2026-11-25T10:00:00.000Z',
});
const recipient: BatchRecipientItem = { id: 'r1', customerId: 'c1', customerName: 'Tanya Ready', mailboxNumber: 'IEX-000001', email: 'tanya@example.test', status: 'sent', error: null, sentAt: '2026-11-25T10:00:05.000Z' };
const historyRow: BatchListItem = {
  id: BATCH_ID, batchNo: 'EB-00001', subject: 'Older news', audienceLabel: 'All customers', status: 'completed', recipientCount: 40, sent: 39, failed: 1, createdByName: 'Ada Admin', createdAt: '2026-11-20T10:00:00.000Z',
};
const empty = { data: [], total: 0, page: 1, pageSize: 10, filterOptions: {} };

beforeEach(() => {
  vi.clearAllMocks();
  server.calls = [];
  server.responses = {
    'GET /batch-emails': { ...empty, data: [historyRow], total: 1 },
    'POST /batch-emails/audience-count': { recipientCount: 2 },
    'GET /customers': empty,
    'POST /batch-emails/test': { success: true, message: 'Test email sent to you', to: 'ada@example.test' },
    'POST /batch-emails': { success: true, message: 'Batch email queued', batch: detail({}) },
    [`GET /batch-emails/${BATCH_ID}`]: detail({ sent: 1, queued: 1 }),
    [`GET /batch-emails/${BATCH_ID}/recipients`]: { ...empty, data: [recipient], total: 1 },
  };
  mocks.api.mockImplementation(async (path: string, options: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    const method = options.method ?? 'GET';
    server.calls.push({ path, method, body: options.body, headers: options.headers });
    const answer = server.responses[`${method} ${path.split('?')[0]}`];
    if (answer === undefined) throw new Error(`no fake answer for ${method} ${path}`);
    return answer;
  });
  auth.current = { status: 'authenticated', role: 'courier_admin', user: { role: { name: 'courier_admin' }, permissions: [] } as never };
});

describe('batch emails screen', () => {
  it('an unknown placeholder is shown on the message field and nothing is sent', async () => {
    const { user } = renderRoutes({ '/admin/batch-emails': <BatchEmailsPage /> }, '/admin/batch-emails');
    await user.type(await screen.findByRole('textbox', { name: 'Subject' }), 'Hello');
    await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'Hi {{{{frstName}}');
    await user.click(await screen.findByRole('button', { name: 'Send to 2 customers' }));
    expect(await screen.findByText(/^Unknown placeholder \{\{frstName\}\}/)).toBeTruthy();
    expect(server.calls.some((call) => call.method === 'POST' && call.path === '/batch-emails')).toBe(false);
  });

  it('sends a test to the admin, then the batch to customers with parcels ready, once, and shows its progress and recipients', async () => {
    const { user } = renderRoutes({ '/admin/batch-emails': <BatchEmailsPage /> }, '/admin/batch-emails');
    expect(await within(await screen.findByRole('table', { name: 'Batch history' })).findByText('Older news')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Your parcel is waiting, {{{{firstName}}');
    await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'Come in');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Send to' }), 'parcels_ready');
    await waitFor(() => expect(screen.getByTestId('audience-count').textContent).toBe('Reaches 2 customers (those who opted out of marketing email are left out).'));
    expect(server.calls).toContainEqual(expect.objectContaining({ path: '/batch-emails/audience-count', body: { audience: { kind: 'parcels_ready' } } }));

    await user.click(screen.getByRole('button', { name: 'Send test to me' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Test email sent to you (ada@example.test)'));

    await user.click(screen.getByRole('button', { name: 'Send to 2 customers' }));
    await user.click(await screen.findByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Batch email queued: 2 customers'));
    const sent = server.calls.filter((call) => call.method === 'POST' && call.path === '/batch-emails');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ subject: 'Your parcel is waiting, {{firstName}}', body: 'Come in', audience: { kind: 'parcels_ready' } });
    expect(sent[0]!.headers?.['Idempotency-Key']).toMatch(/^[A-Za-z0-9_-]{8,}$/);

    const progress = await screen.findByRole('progressbar', { name: 'Sending progress: 1 of 2 sent' });
    expect(progress).toBeTruthy();
    expect((await screen.findByTestId('batch-counts')).textContent).toBe('1 sent · 1 queued · 0 failed · 0 skipped · 1 of 2 done');
    const recipients = await screen.findByRole('table', { name: 'Recipients' });
    expect(await within(recipients).findByText('Tanya Ready')).toBeTruthy();
    expect(within(recipients).getByRole('cell', { name: 'Sent' })).toBeTruthy();
  });
});
