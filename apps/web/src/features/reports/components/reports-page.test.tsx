import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { ReportResponse } from '@parceldesk/shared/schemas/reports';
import type { AuthContextValue } from '../../../lib/auth-context';
import { renderRoutes } from '../../../test/render';
import { ReportsPage } from './reports-page';
import '../../../test/contract-api';

configure({ asyncUtilTimeout: 5000 });

const auth = vi.hoisted(() => ({ current: {} as Partial<AuthContextValue> }));
vi.mock('../../../lib/auth-context', () => ({ useAuth: () => auth.current }));
const mocks = vi.hoisted(() => ({ api: vi.fn(), downloadFile: vi.fn() }));
vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  api: (await import('../../../test/contract-api')).contractChecked(mocks.api),
}));
vi.mock('../../../lib/download-file', () => ({ downloadFile: mocks.downloadFile }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../lib/toast', () => ({ notify: toast }));

const revenue = (network = false): ReportResponse => ({
  report: 'revenue', title: 'Revenue', from: '2026-10-01', to: '2026-10-31', groupBy: 'day', scope: network ? 'network' : 'courier',
  notes: ['Invoices issued in the range, void invoices left out.'],
  tables: [{
    key: 'revenue', title: 'Revenue by charge type',
    columns: [
      ...(network ? [{ key: 'courier', label: 'Courier', kind: 'text' as const }] : []),
      { key: 'period', label: 'Period (day)', kind: 'text' }, { key: 'invoices', label: 'Invoices', kind: 'count' },
      { key: 'freight', label: 'Freight', kind: 'money' }, { key: 'gct', label: 'GCT', kind: 'money' }, { key: 'total', label: 'Total', kind: 'money' },
    ],
    rows: [
      { ...(network ? { courier: 'Island Express' } : {}), period: '2026-10-02', invoices: 2, freight: 120_000, gct: 18_000, total: 138_000 },
      { ...(network ? { courier: 'Island Express' } : {}), period: '2026-10-05', invoices: 1, freight: 65_000, gct: 9_750, total: 74_750 },
    ],
    totals: { invoices: 3, freight: 185_000, gct: 27_750, total: 212_750 },
    chart: { label: 'period', series: ['freight', 'gct'] },
  }],
  options: {
    branches: [{ value: '0b5c2a55-6d0e-4f43-9d0e-0c7d1f0a0001', label: 'Half Way Tree' }],
    couriers: network ? [{ value: '0b5c2a55-6d0e-4f43-9d0e-0c7d1f0a0002', label: 'Island Express' }] : [],
  },
});

let answer: ReportResponse;
beforeEach(() => {
  vi.clearAllMocks();
  answer = revenue();
  mocks.api.mockImplementation(async (path: string) => {
    if (path.startsWith('/reports/')) return answer;
    throw new Error(`no fake answer for ${path}`);
  });
  mocks.downloadFile.mockResolvedValue('revenue-2026-10-01-to-2026-10-31.xlsx');
  auth.current = { status: 'authenticated', role: 'courier_admin', user: { role: { name: 'courier_admin' }, permissions: [] } as never };
});
const calls = () => mocks.api.mock.calls.map(([path]) => String(path));

describe('reports screen', () => {
  it('shows the revenue table with its totals in J$, and asks again for last month and a branch', async () => {
    const { user } = renderRoutes({ '/admin/reports': <ReportsPage /> }, '/admin/reports');
    const table = await screen.findByRole('table', { name: 'Revenue by charge type' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['2026-10-02', '2', 'J$1,200.00', 'J$180.00', 'J$1,380.00']);
    expect([...rows.at(-1)!.querySelectorAll('th, td')].map((cell) => cell.textContent)).toEqual(['Total', '3', 'J$1,850.00', 'J$277.50', 'J$2,127.50']);
    expect(screen.getByText('Your courier · 2026-10-01 to 2026-10-31, by day')).toBeTruthy();
    expect(calls()[0]).toBe('/reports/revenue?preset=this_month');

    await user.click(screen.getByRole('combobox', { name: 'Dates' }));
    await user.click(await screen.findByRole('option', { name: 'Last month' }));
    await waitFor(() => expect(calls()).toContain('/reports/revenue?preset=last_month'));
    await user.click(screen.getByRole('combobox', { name: 'Branch' }));
    await user.click(await screen.findByRole('option', { name: 'Half Way Tree' }));
    await waitFor(() => expect(calls()).toContain('/reports/revenue?preset=last_month&branchId=0b5c2a55-6d0e-4f43-9d0e-0c7d1f0a0001'));

    await user.click(screen.getByRole('combobox', { name: 'Report' }));
    await user.click(await screen.findByRole('option', { name: 'Payments (till report)' }));
    await waitFor(() => expect(calls().some((path) => path.startsWith('/reports/payments?preset=last_month'))).toBe(true));
  });

  it('downloads the XLSX of what is on screen and says so', async () => {
    const { user } = renderRoutes({ '/admin/reports': <ReportsPage /> }, '/admin/reports');
    await screen.findByRole('table', { name: 'Revenue by charge type' });
    await user.click(screen.getByRole('button', { name: 'Download XLSX' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Downloaded revenue-2026-10-01-to-2026-10-31.xlsx'));
    expect(mocks.downloadFile).toHaveBeenCalledWith('/reports/revenue/export?preset=this_month&format=xlsx', { fallbackName: 'revenue.xlsx' });
  });

  it('a custom range waits for both days, in order', async () => {
    const { user } = renderRoutes({ '/admin/reports': <ReportsPage /> }, '/admin/reports');
    await screen.findByRole('table', { name: 'Revenue by charge type' });
    await user.click(screen.getByRole('combobox', { name: 'Dates' }));
    await user.click(await screen.findByRole('option', { name: 'Custom' }));
    expect(screen.getByText('Choose the first day')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Download PDF' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('From'), '2026-10-10');
    await user.type(screen.getByLabelText('To'), '2026-10-01');
    expect(screen.getByText('The last day must not be before the first day')).toBeTruthy();
    expect(calls().some((path) => path.includes('custom'))).toBe(false);
  });

  it('the super admin sees every courier side by side and may pick one', async () => {
    answer = revenue(true);
    auth.current = { status: 'authenticated', role: 'super_admin', user: { role: { name: 'super_admin' }, permissions: [] } as never };
    const { user } = renderRoutes({ '/superadmin/reports': <ReportsPage /> }, '/superadmin/reports');
    const table = await screen.findByRole('table', { name: 'Revenue by charge type' });
    expect(within(table).getByRole('columnheader', { name: 'Courier' })).toBeTruthy();
    expect(within(table).getAllByText('Island Express')).toHaveLength(2);
    await user.click(screen.getByRole('combobox', { name: 'Courier' }));
    await user.click(await screen.findByRole('option', { name: 'Island Express' }));
    await waitFor(() => expect(calls()).toContain('/reports/revenue?preset=this_month&courierId=0b5c2a55-6d0e-4f43-9d0e-0c7d1f0a0002'));
  });

  it('staff without reports_view are told, and nothing is asked of the server', async () => {
    auth.current = { status: 'authenticated', role: 'staff', user: { role: { name: 'staff' }, permissions: ['packages_view'] } as never };
    renderRoutes({ '/staff/reports': <ReportsPage /> }, '/staff/reports');
    expect(await screen.findByText('No access to this screen')).toBeTruthy();
    expect(calls()).toEqual([]);
  });
});
