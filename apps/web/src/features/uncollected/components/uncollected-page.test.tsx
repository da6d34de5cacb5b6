import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { UncollectedListItem } from '@parceldesk/shared/schemas/uncollected';
import type { AuthContextValue } from '../../../lib/auth-context';
import { renderRoutes } from '../../../test/render';
import { UncollectedPage } from './uncollected-page';
import '../../../test/contract-api';

configure({ asyncUtilTimeout: 5000 });

const auth = vi.hoisted(() => ({ current: {} as Partial<AuthContextValue> }));
vi.mock('../../../lib/auth-context', () => ({ useAuth: () => auth.current }));
const server = vi.hoisted(() => ({ responses: {} as Record<string, unknown>, calls: [] as { path: string; method: string }[] }));
const mocks = vi.hoisted(() => ({ api: vi.fn() }));
vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  api: (await import('../../../test/contract-api')).contractChecked(mocks.api),
}));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../lib/toast', () => ({ notify: toast }));

const row: UncollectedListItem = {
  id: 'p1', packageNumber: 'IEX-P-0000042', trackingNumber: '1Z999AA10123456784', customerId: 'c1', customerName: 'Marcia Waiting', mailboxNumber: 'IEX-000042',
  branchId: 'b1', branchName: 'Half Way Tree', readySince: '2026-11-01T15:00:00.000Z', daysWaiting: 24, feesCents: 150_000, lastReminderAt: '2026-11-15T11:00:00.000Z',
};

beforeEach(() => {
  vi.clearAllMocks();
  server.calls = [];
  server.responses = {
    'GET /uncollected': { data: [row], total: 1, page: 1, pageSize: 10, filterOptions: {} },
    'POST /uncollected/sweep': {
      success: true, message: 'Uncollected sweep finished', packages: 12, reminders: 3, finalNotices: 1, charges: 2, chargedCents: 60_000, pendingCharges: 1, abandoned: 0, failed: 0,
    },
  };
  mocks.api.mockImplementation(async (path: string, options: { method?: string } = {}) => {
    const method = options.method ?? 'GET';
    server.calls.push({ path, method });
    const answer = server.responses[`${method} ${path.split('?')[0]}`];
    if (answer === undefined) throw new Error(`no fake answer for ${method} ${path}`);
    return answer;
  });
  auth.current = { status: 'authenticated', role: 'courier_admin', user: { role: { name: 'courier_admin' }, permissions: [] } as never };
});

describe('uncollected parcels screen', () => {
  it('lists parcels with days waiting and fees in J$, and the admin runs the sweep and sees what it did', async () => {
    const { user } = renderRoutes({ '/admin/uncollected': <UncollectedPage /> }, '/admin/uncollected');
    const table = await screen.findByRole('table', { name: 'Uncollected parcels' });
    const cells = within(table);
    await waitFor(() => expect(cells.getByText('24 days')).toBeTruthy());
    expect(cells.getByText('J$1,500.00')).toBeTruthy();
    expect(cells.getByText('Marcia Waiting')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Run now' }));
    const result = await screen.findByTestId('sweep-result');
    expect(within(result).getByText('12 parcels ready for pickup checked')).toBeTruthy();
    expect(within(result).getByText('3 reminders and 1 final notice sent')).toBeTruthy();
    expect(within(result).getByText('2 days charged (J$600.00), 1 pending: the invoice has payments')).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith('Uncollected sweep finished');
    expect(server.calls.filter((call) => call.method === 'POST')).toEqual([{ path: '/uncollected/sweep', method: 'POST' }]);
  });

  it('staff with packages_uncollected see the list but no Run now; without it, no access', async () => {
    auth.current = { status: 'authenticated', role: 'staff', user: { role: { name: 'staff' }, permissions: ['packages_uncollected'] } as never };
    const { unmount } = renderRoutes({ '/staff/uncollected': <UncollectedPage /> }, '/staff/uncollected');
    expect(await screen.findByRole('table', { name: 'Uncollected parcels' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Run now' })).toBeNull();
    unmount();
    auth.current = { status: 'authenticated', role: 'staff', user: { role: { name: 'staff' }, permissions: ['packages_view'] } as never };
    renderRoutes({ '/staff/uncollected': <UncollectedPage /> }, '/staff/uncollected');
    expect(screen.getByText('No access to this screen')).toBeTruthy();
  });
});
