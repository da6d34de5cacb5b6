import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PaymentListItem } from '@parceldesk/shared/schemas/payments';
import type { AuthContextValue } from '../../../lib/auth-context';
import { renderRoutes } from '../../../test/render';
import { PaymentsPage } from './payments-page';
import '../../../test/contract-api';

configure({ asyncUtilTimeout: 5000 });

const auth = vi.hoisted(() => ({ current: {} as Partial<AuthContextValue> }));
vi.mock('../../../lib/auth-context', () => ({ useAuth: () => auth.current }));
const mocks = vi.hoisted(() => ({ api: vi.fn(), calls: [] as string[] }));
vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  api: (await import('../../../test/contract-api')).contractChecked(mocks.api),
}));

const row: PaymentListItem = {
  id: 'p1', paymentNo: 'RCT-000007', customerId: 'c1', customerName: 'Tanya Brown', mailboxNumber: 'IEX-000123', method: 'cash', reference: null,
  amountCents: 150000, status: 'recorded', invoiceNos: 'INV-000101, INV-000102', recordedByName: 'Kim Clerk', recordedAt: '2026-11-24T15:00:00.000Z',
  courierId: 'k1', courierName: 'Island Express',
};

beforeEach(() => {
  vi.clearAllMocks();
  mocks.calls = [];
  mocks.api.mockImplementation(async (path: string) => {
    mocks.calls.push(path);
    return { data: [row], total: 1, page: 1, pageSize: 10, filterOptions: {} };
  });
  auth.current = { status: 'authenticated', role: 'courier_admin', user: { role: { name: 'courier_admin' }, permissions: [] } as never };
});

const filtersOf = (path: string | undefined) => {
  const raw = new URLSearchParams((path ?? '').split('?')[1] ?? '').get('filters');
  return raw ? JSON.parse(raw) as Record<string, unknown> : {};
};

describe('payments list', () => {
  it('narrows the list to a range of payment dates, either end open, and back to all dates', async () => {
    const { user } = renderRoutes({ '/admin/payments': <PaymentsPage /> }, '/admin/payments');
    const table = await screen.findByRole('table', { name: 'Payments' });
    await waitFor(() => expect(within(table).getByText('J$1,500.00')).toBeTruthy());
    expect(filtersOf(mocks.calls.at(-1))).toEqual({});

    fireEvent.change(screen.getByLabelText('Paid from'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(filtersOf(mocks.calls.at(-1))).toEqual({ recordedAt: { from: '2026-11-01' } }));
    fireEvent.change(screen.getByLabelText('Paid to'), { target: { value: '2026-11-24' } });
    await waitFor(() => expect(filtersOf(mocks.calls.at(-1))).toEqual({ recordedAt: { from: '2026-11-01', to: '2026-11-24' } }));

    await user.click(screen.getByRole('button', { name: 'All dates' }));
    await waitFor(() => expect(filtersOf(mocks.calls.at(-1))).toEqual({}));
    expect((screen.getByLabelText('Paid from') as HTMLInputElement).value).toBe('');
  });
});
