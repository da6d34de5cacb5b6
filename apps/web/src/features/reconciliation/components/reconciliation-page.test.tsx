import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReconciliationScanResult, ReconciliationView } from '@parceldesk/shared/schemas/reconciliation';
import type { AuthUser } from '@parceldesk/shared/schemas/auth';
import type { AuthContextValue } from '../../../lib/auth-context';
import { renderRoutes } from '../../../test/render';
import { ReconciliationPage } from './reconciliation-page';
import '../../../test/contract-api';

configure({ asyncUtilTimeout: 5000 });

const auth = vi.hoisted(() => ({ current: {} as Partial<AuthContextValue> }));
vi.mock('../../../lib/auth-context', () => ({ useAuth: () => auth.current }));
const server = vi.hoisted(() => ({ responses: {} as Record<string, unknown>, calls: [] as { path: string; method: string; body: unknown }[] }));
vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  api: (await import('../../../test/contract-api')).contractChecked(vi.fn(async (path: string, options: { method?: string; body?: unknown } = {}) => {
    server.calls.push({ path, method: options.method ?? 'GET', body: options.body });
    return server.responses[`${options.method ?? 'GET'} ${path.split('?')[0]}`];
  })),
}));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() }));
vi.mock('../../../lib/toast', () => ({ notify: toast }));

const user = (permissions: string[]): AuthUser => ({
  id: `u-${permissions.join('-') || 'none'}`, first_name: 'Sam', last_name: 'Staff', email: 'sam@example.com', role: { name: 'staff', permissions: [] }, permissions,
  user_type: 'staff', courier: { id: 'c1', name: 'Island Express', code: 'IEX' }, branch: null,
} as unknown as AuthUser);

const scan = (id: string, overrides: Partial<ReconciliationScanResult['scan']> = {}): ReconciliationScanResult['scan'] => ({
  id, code: 'IEX-P-0000001', outcome: 'received', packageId: 'p1', packageNumber: 'IEX-P-0000001', trackingNumber: '1Z0000000000000001',
  customerName: 'Tanya Brown', packageStatus: 'arrived', belongsTo: null, note: null, photoFileId: null, scannedBy: 'Sam Staff', deviceId: 'dock-1',
  scannedAt: '2026-11-24T15:00:00.000Z', ...overrides,
});

const view = (counts: ReconciliationView['counts'], lastScans: ReconciliationView['lastScans'] = []): ReconciliationView => ({
  manifest: { id: 'm1', number: 'AIR-2026-0042', service: 'air', status: 'arrived', origin: 'MIA', destination: 'KIN', arrivedAt: '2026-11-24T12:00:00.000Z' },
  reconciliation: { id: 'r1', status: 'in_progress', branchId: 'b1', branchName: 'Kingston', startedBy: 'Sam Staff', startedAt: '2026-11-24T14:00:00.000Z', finishedBy: null, finishedAt: null },
  counts, lastScans, extras: [], damaged: [],
  missing: [{ packageId: 'p3', packageNumber: 'IEX-P-0000003', trackingNumber: '1Z0000000000000003', customerName: 'Andre Reid', status: 'arrived' }],
  canReconcile: true,
});

beforeEach(() => {
  server.calls = [];
  server.responses = {};
  toast.success.mockReset();
  auth.current = { status: 'authenticated', role: 'staff', user: user(['manifests_reconcile']), customer: null };
});

const tile = (label: string) => screen.getByRole('group', { name: label });

describe('the reconciliation screen', () => {
  it('shows the live counts and the parcels not scanned yet; a scan goes out with its own clientScanId and its answer is shown', async () => {
    server.responses['GET /manifests/m1/reconciliation'] = view({ expected: 3, received: 0, damaged: 0, missing: 3, extra: 0 });
    server.responses['POST /manifests/m1/reconciliation/scans'] = {
      result: 'recorded', message: 'IEX-P-0000001 received', scan: scan('s1'), counts: { expected: 3, received: 1, damaged: 0, missing: 2, extra: 0 },
    } satisfies ReconciliationScanResult;
    renderRoutes({ '/staff/reconciliation': <ReconciliationPage /> }, '/staff/reconciliation?manifest=m1');
    expect(await screen.findByRole('heading', { name: 'Reconciliation AIR-2026-0042' })).toBeTruthy();
    expect(within(tile('Expected')).getByText('3')).toBeTruthy();
    expect(within(tile('Missing')).getByText('3')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Not scanned yet' })).getByText('IEX-P-0000003')).toBeTruthy();

    const input = screen.getByLabelText('Package or tracking number');
    fireEvent.change(input, { target: { value: 'iex-p-1' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('IEX-P-0000001 received')).toBeTruthy();
    const sent = server.calls.find((call) => call.method === 'POST' && call.path === '/manifests/m1/reconciliation/scans');
    expect(sent?.body).toMatchObject({ code: 'iex-p-1', clientScanId: expect.stringMatching(/^[A-Za-z0-9_-]{8,100}$/) });
  });

  it('asks before finishing, naming the missing and the extras, then tells what happened', async () => {
    server.responses['GET /manifests/m1/reconciliation'] = view({ expected: 3, received: 2, damaged: 0, missing: 1, extra: 1 });
    server.responses['POST /manifests/m1/reconciliation/finish'] = {
      message: 'Manifest AIR-2026-0042 reconciled: 2 Ready for Pickup, 0 sent on to their branch, 1 missing, 1 extra',
      readyForPickup: 2, forwarded: 0, missing: 1, leftAsTheyWere: 0, extra: 1, damaged: 0,
    };
    renderRoutes({ '/staff/reconciliation': <ReconciliationPage /> }, '/staff/reconciliation?manifest=m1');
    fireEvent.click(await screen.findByRole('button', { name: 'Finish reconciliation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finish reconciliation?' });
    expect(within(dialog).getByText(/1 missing: they become Missing and their customers are told\. 1 extra parcel recorded/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Manifest AIR-2026-0042 reconciled: 2 Ready for Pickup, 0 sent on to their branch, 1 missing, 1 extra'));
  });

  it('tells a clerk without the permission why the screen is closed to them', async () => {
    auth.current = { status: 'authenticated', role: 'staff', user: user(['dashboard_view']), customer: null };
    renderRoutes({ '/staff/reconciliation': <ReconciliationPage /> }, '/staff/reconciliation');
    expect(await screen.findByText('No access to reconciliation')).toBeTruthy();
    expect(server.calls).toEqual([]);
  });
});
