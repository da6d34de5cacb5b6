import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { AuthUser } from '@parceldesk/shared/schemas/auth';
import type { ManifestDetail } from '@parceldesk/shared/schemas/manifests';
import { ApiError } from '../../../lib/api-client';
import type { AuthContextValue } from '../../../lib/auth-context';
import { renderRoutes } from '../../../test/render';
import '../../../test/contract-api';
import { ManifestDetailPage } from './manifest-detail-page';

configure({ asyncUtilTimeout: 5000 });
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} }, configurable: true });
}

const auth = vi.hoisted(() => ({ current: {} as Partial<AuthContextValue> }));
vi.mock('../../../lib/auth-context', () => ({ useAuth: () => auth.current }));
const mocks = vi.hoisted(() => ({ api: vi.fn(), downloadFile: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  api: (await import('../../../test/contract-api')).contractChecked(mocks.api),
}));
vi.mock('../../../lib/download-file', () => ({ downloadFile: mocks.downloadFile }));
vi.mock('../../../lib/toast', () => ({ notify: { success: mocks.success, error: mocks.error, info: vi.fn(), warning: vi.fn() } }));

const admin: AuthUser = {
  id: 'u1', first_name: 'Ava', last_name: 'Admin', email: 'ava@example.com', role: { name: 'courier_admin', permissions: [] }, permissions: [],
  user_type: 'admin', courier: { id: 'c1', name: 'Island Express', code: 'ISL', logo_url: null }, branch: null,
};

const base: ManifestDetail = {
  id: '11111111-1111-4111-8111-111111111111', number: 'AIR-2026-0042', service: 'air', status: 'open', carrier: 'Amerijet', waybill: '001-12345675',
  flightOrVoyage: 'M6 401', origin: 'MIA', destination: 'KIN', departureDate: '2026-12-01', arrivalDate: '2026-12-02', packageCount: 2, weight: 5.5,
  courierId: 'c1', courierName: 'Island Express', createdAt: '2026-11-24T12:00:00.000Z', updatedAt: '2026-11-24T12:00:00.000Z',
  mawb: '001-12345675', billOfLading: null, notes: null, createdBy: 'Ava Admin', closedAt: null, departedAt: null, arrivedAt: null, reconciledAt: null,
  totals: { packages: 2, pieces: 3, weight: 5.5, chargeableWeight: 7, declaredValueCents: 6550 },
  byCustomer: [{ label: 'Tanya Brown', detail: 'ISL-000123', packages: 2, pieces: 3, weight: 5.5, chargeableWeight: 7, declaredValueCents: 6550 }],
  byTrn: [{ label: '123456789', detail: null, packages: 2, pieces: 3, weight: 5.5, chargeableWeight: 7, declaredValueCents: 6550 }],
  packages: [
    { id: '22222222-2222-4222-8222-222222222222', packageNumber: 'ISL-P-0000001', trackingNumber: '1Z0000000000000001', status: 'manifested', customerName: 'Tanya Brown', mailboxNumber: 'ISL-000123', trn: '123456789', description: 'Shoes', pieces: 2, weight: 2.5, chargeableWeight: 3, declaredValueCents: 4000, hasInvoice: true, addedAt: '2026-11-24T12:00:00.000Z', addedBy: 'Ava Admin' },
    { id: '33333333-3333-4333-8333-333333333333', packageNumber: 'ISL-P-0000002', trackingNumber: '1Z0000000000000002', status: 'manifested', customerName: 'Tanya Brown', mailboxNumber: 'ISL-000123', trn: '123456789', description: 'Books', pieces: 1, weight: 3, chargeableWeight: 4, declaredValueCents: 2550, hasInvoice: false, addedAt: '2026-11-24T12:00:00.000Z', addedBy: 'Ava Admin' },
  ],
  events: [{ id: 'e1', fromStatus: null, toStatus: 'open', note: null, by: 'Ava Admin', at: '2026-11-24T12:00:00.000Z' }],
  allowedActions: ['close'], canEditPackages: true,
};

function renderDetail(manifest: ManifestDetail) {
  auth.current = { status: 'authenticated', role: 'courier_admin', user: admin, customer: null };
  mocks.api.mockImplementation(async (path: string, options: { method?: string } = {}) => {
    if ((options.method ?? 'GET') === 'GET') return manifest;
    throw new Error(`unexpected ${options.method} ${path}`);
  });
  return renderRoutes({ '/admin/maniefest/:id': <ManifestDetailPage /> }, `/admin/maniefest/${manifest.id}`);
}

beforeEach(() => vi.clearAllMocks());

describe('manifest detail', () => {
  it('shows the header, the totals and the parcels, and closes after asking', async () => {
    const { user } = renderDetail(base);
    expect(await screen.findByRole('heading', { level: 1, name: 'Manifest AIR-2026-0042' })).toBeTruthy();
    const totals = within(screen.getByRole('group', { name: 'Totals' }));
    expect(totals.getByText('5.50 lb')).toBeTruthy();
    expect(totals.getByText('7 lb')).toBeTruthy();
    expect(totals.getByText('US$65.50')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Packages on the manifest' })).getAllByRole('row')).toHaveLength(3);

    const closed: ManifestDetail = { ...base, status: 'closed', allowedActions: ['reopen', 'depart'], canEditPackages: false };
    mocks.api.mockImplementation(async (_path: string, options: { method?: string; body?: unknown } = {}) => (
      options.method === 'POST' ? { message: 'Manifest closed: 2 packages Manifested', moved: 2, skipped: 0, manifest: closed } : closed));
    await user.click(screen.getByRole('button', { name: 'Close manifest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close manifest AIR-2026-0042?' });
    expect(within(dialog).getByText(/Seal the manifest with its 2 packages/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close manifest' }));
    await waitFor(() => expect(mocks.success).toHaveBeenCalledWith('Manifest closed: 2 packages Manifested'));
    expect(mocks.api).toHaveBeenCalledWith(`/manifests/${base.id}/status`, expect.objectContaining({ method: 'POST', body: { action: 'close', note: null } }));
    expect(await screen.findByText('The manifest is sealed: its packages can no longer change.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Remove ISL-P/ })).toBeNull();
  });

  it('asks a reason before reopening and shows the server\'s refusal in the dialog', async () => {
    const { user } = renderDetail({ ...base, status: 'closed', allowedActions: ['reopen', 'depart'], canEditPackages: false });
    await user.click(await screen.findByRole('button', { name: 'Reopen manifest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reopen manifest AIR-2026-0042?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reopen manifest' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('Give the reason for reopening the manifest');
    expect(mocks.api).not.toHaveBeenCalledWith(expect.stringContaining('/status'), expect.anything());
    mocks.api.mockRejectedValueOnce(new ApiError(403, 'Only a courier admin can reopen a manifest'));
    await user.type(within(dialog).getByLabelText(/Reason/), 'Two parcels missed the cut-off');
    await user.click(within(dialog).getByRole('button', { name: 'Reopen manifest' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain('Only a courier admin can reopen a manifest'));
  });

  it('removes a parcel after asking, and downloads each export', async () => {
    const { user } = renderDetail(base);
    await user.click(await screen.findByRole('button', { name: 'Remove ISL-P-0000002' }));
    const after = { ...base, packages: base.packages.slice(0, 1), totals: { ...base.totals, packages: 1 } };
    mocks.api.mockResolvedValue(after);
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove ISL-P-0000002?' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(mocks.api).toHaveBeenCalledWith(`/manifests/${base.id}/packages/${base.packages[1]!.id}`, expect.objectContaining({ method: 'DELETE' })));
    await waitFor(() => expect(mocks.success).toHaveBeenCalledWith('ISL-P-0000002: Package removed from the manifest'));

    mocks.downloadFile.mockResolvedValue('AIR-2026-0042.xlsx');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excel (XLSX)' }));
    await waitFor(() => expect(mocks.downloadFile).toHaveBeenCalledWith(`/manifests/${base.id}/export?format=xlsx`, { fallbackName: 'AIR-2026-0042-xlsx' }));
  });
});
