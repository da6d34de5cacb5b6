import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { WEBHOOK_MSG, type WebhookDelivery, type WebhookEndpoint } from '@parceldesk/shared/schemas/webhooks';
import { ApiError, type RequestOptions } from '../../../../lib/api-client';
import { renderSettings } from '../../test/render-settings';
import { WebhooksTab } from './webhooks-tab';
import '../../../../test/contract-api';

const mocks = vi.hoisted(() => ({ api: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../lib/api-client')>()),
  api: (await import('../../../../test/contract-api')).contractChecked(mocks.api),
}));
vi.mock('../../../../lib/toast', () => ({ notify: { success: mocks.success, error: mocks.error } }));

const ENDPOINT: WebhookEndpoint = {
  id: 'e1', url: 'https://books.example.com/hooks', description: 'Accounting', events: ['invoice.issued', 'payment.recorded'],
  isActive: true, createdAt: '2026-11-20T15:00:00.000Z', pendingCount: 0, failedCount: 1,
};
const DELIVERIES: WebhookDelivery[] = [
  { id: 'd2', eventId: 'ev2', eventType: 'payment.recorded', status: 'failed', attempts: 9, lastStatusCode: 500, lastDurationMs: 41, lastError: 'HTTP 500', lastAttemptAt: '2026-11-20T16:00:00.000Z', deliveredAt: null, createdAt: '2026-11-20T15:30:00.000Z' },
  { id: 'd1', eventId: 'ev1', eventType: 'invoice.issued', status: 'delivered', attempts: 1, lastStatusCode: 200, lastDurationMs: 87, lastError: null, lastAttemptAt: '2026-11-20T15:10:00.000Z', deliveredAt: '2026-11-20T15:10:00.000Z', createdAt: '2026-11-20T15:10:00.000Z' },
];

/** A fake server: the endpoint list, its log, creation (with the secret) and resend. */
function serve(options: { createFails?: ApiError } = {}) {
  let endpoints = [ENDPOINT];
  mocks.api.mockImplementation(async (path: string, request: RequestOptions = {}) => {
    const method = request.method ?? 'GET';
    if (method === 'GET' && path === '/settings/webhooks') return { data: endpoints };
    if (method === 'GET' && path === '/settings/webhooks/e1/deliveries') return { data: DELIVERIES };
    if (method === 'POST' && path === '/settings/webhooks') {
      if (options.createFails) throw options.createFails;
      const body = request.body as { url: string; events: WebhookEndpoint['events'] };
      const created: WebhookEndpoint = { ...ENDPOINT, id: 'e2', url: body.url, events: body.events, description: null, failedCount: 0 };
      endpoints = [...endpoints, created];
      return { data: created, secret: 'whsec_shown_once_123', message: WEBHOOK_MSG.created };
    }
    if (method === 'POST' && path === '/settings/webhooks/deliveries/d2/resend') return { message: WEBHOOK_MSG.resent };
    throw new Error(`unexpected ${method} ${path}`);
  });
}

beforeEach(() => vi.clearAllMocks());

describe('WebhooksTab', () => {
  it('adds an endpoint for the chosen events and shows its signing secret once', async () => {
    serve();
    const { user } = renderSettings(<WebhooksTab />);
    expect(await screen.findByRole('article', { name: `Webhook ${ENDPOINT.url}` })).toBeTruthy();
    expect(screen.getByText('1 failed delivery')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add Webhook' }));
    expect(await screen.findByText(WEBHOOK_MSG.urlRequired)).toBeTruthy();
    expect(screen.getByText(WEBHOOK_MSG.eventsRequired)).toBeTruthy();

    await user.type(screen.getByLabelText(/Endpoint URL/), 'https://erp.example.com/in');
    await user.click(screen.getByRole('checkbox', { name: /Package received/ }));
    await user.click(screen.getByRole('button', { name: 'Add Webhook' }));
    await waitFor(() => expect(mocks.success).toHaveBeenCalledWith(WEBHOOK_MSG.created));
    expect(mocks.api).toHaveBeenCalledWith('/settings/webhooks', { method: 'POST', body: { url: 'https://erp.example.com/in', description: '', events: ['package.received'] } });
    expect(screen.getByLabelText('Signing secret').textContent).toBe('whsec_shown_once_123');
    expect(await screen.findByRole('article', { name: 'Webhook https://erp.example.com/in' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Hide the secret' }));
    expect(screen.queryByText('whsec_shown_once_123')).toBeNull();
  });

  it('puts the server\'s refusal of a private address on the URL field', async () => {
    serve({ createFails: new ApiError(400, WEBHOOK_MSG.notPublic, { url: WEBHOOK_MSG.notPublic }) });
    const { user } = renderSettings(<WebhooksTab />);
    await user.type(await screen.findByLabelText(/Endpoint URL/), 'http://10.0.0.5/hook');
    await user.click(screen.getByRole('checkbox', { name: /Invoice issued/ }));
    await user.click(screen.getByRole('button', { name: 'Add Webhook' }));
    expect(await screen.findByText(WEBHOOK_MSG.notPublic)).toBeTruthy();
    expect(mocks.error).toHaveBeenCalledWith(WEBHOOK_MSG.notPublic);
  });

  it('shows the delivery log with answers and durations, and resends a failed delivery', async () => {
    serve();
    const { user } = renderSettings(<WebhooksTab />);
    await user.click(await screen.findByRole('button', { name: 'Delivery log' }));
    const log = await screen.findByRole('table', { name: 'Delivery log' });
    const rows = within(log).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(0, 5).map((cell) => cell.textContent))).toEqual([
      ['payment.recorded', 'Failed', 'HTTP 500', '41 ms', '9'],
      ['invoice.issued', 'Delivered', 'HTTP 200', '87 ms', '1'],
    ]);
    await user.click(within(rows[0]!).getByRole('button', { name: /Resend payment.recorded/ }));
    await waitFor(() => expect(mocks.success).toHaveBeenCalledWith(WEBHOOK_MSG.resent));
    expect(mocks.api).toHaveBeenCalledWith('/settings/webhooks/deliveries/d2/resend', { method: 'POST' });
  });
});
