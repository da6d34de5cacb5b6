import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PACKAGE_MSG } from '@parceldesk/shared/schemas/packages';
import { ApiError } from '../../../lib/api-client';
import type { AuthContextValue } from '../../../lib/auth-context';
import { claim, detail, EMPTY_LIST, listItem, listOf, staffUser, unknownItem } from '../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { PackageDetailPage } from './package-detail-page';
import { PackagesPage } from './packages-page';
import { UnknownPackagesPage } from './unknown-packages-page';
import '../../../test/contract-api';

configure({ asyncUtilTimeout: 5000 });
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} }, configurable: true });
}

const auth = vi.hoisted(() => ({ current: {} as Partial<AuthContextValue> }));
vi.mock('../../../lib/auth-context', () => ({ useAuth: () => auth.current }));
const server = vi.hoisted(() => ({ responses: {} as Record<string, unknown>, calls: [] as { path: string; method: string; body: unknown }[] }));
vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  api: (await import('../../../test/contract-api')).contractChecked(vi.fn(async (path: string, options: { method?: string; body?: unknown } = {}) => {
    server.calls.push({ path, method: options.method ?? 'GET', body: options.body });
    const answer = server.responses[`${options.method ?? 'GET'} ${path.split('?')[0]}`];
    if (answer instanceof Error) throw answer;
    return answer ?? EMPTY_LIST;
  })),
}));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../lib/toast', () => ({ notify: toast }));
const downloads = vi.hoisted(() => ({ calls: [] as { path: string; options: unknown }[] }));
vi.mock('../../../lib/download-file', () => ({
  downloadFile: vi.fn(async (path: string, options: { fallbackName: string }) => {
    downloads.calls.push({ path, options });
    return options.fallbackName;
  }),
  fetchFileBlob: vi.fn(async (path: string) => {
    downloads.calls.push({ path, options: 'blob' });
    return new Blob(['png'], { type: 'image/png' });
  }),
}));
if (!URL.createObjectURL) Object.assign(URL, { createObjectURL: () => 'blob:photo', revokeObjectURL: () => undefined });

const routes = {
  '/admin/packages': <PackagesPage />,
  '/admin/packages/:id': <PackageDetailPage />,
  '/staff/packages': <PackagesPage />,
  '/staff/packages/:id': <PackageDetailPage />,
  '/superadmin/packages': <PackagesPage />,
  '/admin/unknown-packages': <UnknownPackagesPage />,
  '/staff/unknown-packages': <UnknownPackagesPage />,
};
const renderAt = (path: string) => renderRoutes(routes, path);
const signedIn = (user: ReturnType<typeof staffUser>) => {
  auth.current = { status: 'authenticated', role: user.role.name, user, customer: null };
};
const listCalls = (endpoint: string) => server.calls.filter((call) => call.path.split('?')[0] === endpoint).map((call) => new URLSearchParams(call.path.split('?')[1]));

beforeEach(() => {
  vi.clearAllMocks();
  downloads.calls = [];
  server.calls = [];
  server.responses = {
    'GET /packages': listOf([listItem]), 'GET /packages/p1': detail,
    'GET /packages/unknown': listOf([unknownItem]), 'GET /package-claims': listOf([claim]),
  };
  signedIn(staffUser('courier_admin'));
});

describe('packages list', () => {
  it('starts with the user\'s own branch as the branch filter, and searches by package, tracking, customer or mailbox', async () => {
    signedIn(staffUser('staff', ['packages_view'], { id: 'b1', name: 'Half Way Tree' }));
    renderAt('/staff/packages');
    expect(await screen.findByRole('link', { name: 'ISL-P-0000042' })).toBeTruthy();
    const calls = listCalls('/packages');
    expect(calls.map((params) => JSON.parse(params.get('filters') ?? '{}'))).toEqual([{ branchName: 'b1' }]);
    expect(screen.getByRole('searchbox', { name: 'Search' }).getAttribute('placeholder')).toBe('Search by package number, tracking number, customer or mailbox');
    // Labels belong to the scan station: without packages_scan there is nothing to select.
    expect(screen.queryByRole('checkbox', { name: 'Select ISL-P-0000042' })).toBeNull();
  });

  it('shows the courier column only to the super admin', async () => {
    signedIn(staffUser('super_admin'));
    renderAt('/superadmin/packages');
    const table = await screen.findByRole('table', { name: 'All packages' });
    expect(within(table).getByRole('columnheader', { name: /Courier/ })).toBeTruthy();
  });

  it('tells staff without packages_view, and asks the server nothing', () => {
    signedIn(staffUser('staff', ['dashboard_view']));
    renderAt('/staff/packages');
    expect(screen.getByText('No access to this screen')).toBeTruthy();
    expect(server.calls).toEqual([]);
  });

  it('prints the labels of the selected rows in one file', async () => {
    renderAt('/admin/packages');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select ISL-P-0000042' }));
    expect(await screen.findByText('1 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Print labels' }));
    await waitFor(() => expect(downloads.calls).toEqual([{ path: '/packages/labels?format=pdf', options: { fallbackName: 'labels.pdf', body: { ids: ['p1'] } } }]));
    expect(toast.success).toHaveBeenCalledWith('Labels of 1 package downloaded');
  });
});

describe('package detail', () => {
  it('shows every field, the staff history with who and where, and one button per allowed move', async () => {
    renderAt('/admin/packages/p1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Package ISL-P-0000042' })).toBeTruthy();
    expect(screen.getByText('5.79 lb')).toBeTruthy();
    expect(screen.getByText('12 × 10 × 8 in')).toBeTruthy();
    const history = screen.getByRole('list', { name: 'Status history' });
    expect(within(history).getByText('by Sam Staff')).toBeTruthy();
    const moves = within(screen.getByRole('group', { name: 'Change status' })).getAllByRole('button').map((b) => b.textContent);
    expect(moves).toEqual(['Manifested', 'On Hold', 'Missing', 'Returned to Shipper']);
  });

  it('moves the status with a note and says so; a refusal is shown', async () => {
    const onHold = { ...detail, status: 'on_hold', allowedStatuses: ['received'] };
    server.responses['POST /packages/p1/status'] = onHold;
    renderAt('/admin/packages/p1');
    fireEvent.click(await screen.findByRole('button', { name: 'On Hold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move to On Hold' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Note/ }), { target: { value: 'Needs invoice' } });
    server.responses['GET /packages/p1'] = onHold;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move to On Hold' }));
    await waitFor(() => expect(server.calls).toContainEqual({ path: '/packages/p1/status', method: 'POST', body: { status: 'on_hold', note: 'Needs invoice', location: null } }));
    expect(toast.success).toHaveBeenCalledWith(PACKAGE_MSG.statusChanged);

    server.responses['POST /packages/p1/status'] = new ApiError(409, 'A package cannot move from On Hold to Manifested');
    fireEvent.click(await screen.findByRole('button', { name: 'Received' }));
    const again = await screen.findByRole('dialog', { name: 'Move to Received' });
    fireEvent.click(within(again).getByRole('button', { name: 'Move to Received' }));
    expect((await within(again).findByRole('alert')).textContent).toContain('A package cannot move from On Hold to Manifested');
  });

  it('corrects the weight only with a reason', async () => {
    server.responses['PUT /packages/p1'] = { ...detail, weight: 4.5, updatedAt: '2026-11-21T00:00:00.000Z' };
    renderAt('/admin/packages/p1');
    const form = await screen.findByRole('form', { name: 'Edit package' });
    fireEvent.change(within(form).getByRole('spinbutton', { name: /^Weight \(lb\)/ }), { target: { value: '4.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText(PACKAGE_MSG.reasonRequired)).toBeTruthy();
    fireEvent.change(within(form).getByRole('textbox', { name: /^Reason for the change/ }), { target: { value: 'Re-weighed' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(server.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ weight: 4.5, reason: 'Re-weighed' }));
    expect(toast.success).toHaveBeenCalledWith('Package updated');
  });

  it('offers assignment on an unknown package\'s own page', async () => {
    server.responses['GET /packages/p1'] = { ...detail, status: 'unknown', customerId: null, labelName: 'T Campbel' };
    renderAt('/admin/packages/p1');
    fireEvent.click(await screen.findByRole('button', { name: 'Assign to a customer' }));
    expect(await screen.findByRole('dialog', { name: 'Assign ISL-P-0000042' })).toBeTruthy();
  });

  it('hides edits and moves from staff without packages_manage', async () => {
    signedIn(staffUser('staff', ['packages_view']));
    renderAt('/staff/packages/p1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Package ISL-P-0000042' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Change status' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Edit package' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Assign to a customer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Label PDF' })).toBeNull();
  });
});

describe('unknown packages', () => {
  it.each([
    ['a courier admin', staffUser('courier_admin'), '/admin/unknown-packages'],
    ['staff with packages_unknown but not customers_view', staffUser('staff', ['packages_view', 'packages_unknown']), '/staff/unknown-packages'],
  ])('%s assigns a package to a customer found by the warehouse search', async (_who, user, path) => {
    signedIn(user);
    server.responses['GET /packages/scan-customers'] = { customers: [{ id: 'k1', name: 'Tanya Campbell', mailboxNumber: 'ISL-000001', branchId: 'b1', branchName: 'Half Way Tree' }] };
    server.responses['POST /packages/p9/assign'] = { ...detail, id: 'p9' };
    renderAt(path);
    const table = await screen.findByRole('table', { name: 'Waiting for an owner' });
    expect(await within(table).findByText('T Campbel')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Assign ISL-P-0000050' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign ISL-P-0000050' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign package' }));
    expect(await within(dialog).findByText('Choose a customer')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Find the customer/ }), { target: { value: 'tanya' } });
    fireEvent.click(await within(dialog).findByRole('radio', { name: /Tanya Campbell · ISL-000001/ }));
    expect(server.calls.some((call) => call.path.startsWith('/customers'))).toBe(false);
    expect(server.calls.map((call) => call.path)).toContain('/packages/scan-customers?search=tanya');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign package' }));
    await waitFor(() => expect(server.calls).toContainEqual({ path: '/packages/p9/assign', method: 'POST', body: { customerId: 'k1', note: null } }));
    expect(toast.success).toHaveBeenCalledWith(`${PACKAGE_MSG.assigned} to Tanya Campbell (ISL-000001)`);
  });

  it('rejects a claim only with a reason, and approves one', async () => {
    server.responses['PUT /package-claims/cl1'] = { ...claim, status: 'approved' };
    renderAt('/admin/unknown-packages');
    fireEvent.click(await screen.findByRole('button', { name: 'Review claim for TBA123456789012' }));
    const dialog = await screen.findByRole('dialog', { name: 'Claim for TBA123456789012' });
    expect(within(dialog).getByRole('button', { name: 'Download proof of purchase order.png' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject claim' }));
    expect(await within(dialog).findByText(PACKAGE_MSG.claimRejectReason)).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve claim' }));
    await waitFor(() => expect(server.calls).toContainEqual({ path: '/package-claims/cl1', method: 'PUT', body: { decision: 'approve', reason: null } }));
  });

  it('tells staff without packages_unknown', () => {
    signedIn(staffUser('staff', ['packages_view']));
    renderAt('/staff/unknown-packages');
    expect(screen.getByText('No access to this screen')).toBeTruthy();
  });
});

describe('package photos', () => {
  const photo = { id: 'ph1', kind: 'photo' as const, fileName: 'shelf.jpg', contentType: 'image/jpeg', size: 90_000, url: '/api/package-files/ph1', createdAt: '2026-11-19T11:00:00.000Z' };
  const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]');

  it('uploads each chosen photo on its own, says how many were added and reports a refused one', async () => {
    signedIn(staffUser('staff', ['packages_view', 'packages_scan']));
    server.responses['POST /packages/p1/photos'] = photo;
    renderAt('/staff/packages/p1');
    expect(await screen.findByRole('button', { name: 'Add photos' })).toBeTruthy();
    const input = fileInput();
    expect(input?.accept).toBe('image/jpeg,image/png');
    expect(input?.multiple).toBe(true);
    const shelf = new File(['jpeg'], 'shelf.jpg', { type: 'image/jpeg' });
    const label = new File(['png'], 'label.png', { type: 'image/png' });
    fireEvent.change(input!, { target: { files: [shelf, label] } });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('2 photos added'));
    const uploads = server.calls.filter((call) => call.path === '/packages/p1/photos');
    expect(uploads.map((call) => call.method)).toEqual(['POST', 'POST']);
    expect(uploads.map((call) => ((call.body as FormData).get('photo') as File).name)).toEqual(['shelf.jpg', 'label.png']);

    server.responses['POST /packages/p1/photos'] = new ApiError(415, PACKAGE_MSG.photoWrongType);
    fireEvent.change(fileInput()!, { target: { files: [new File(['hello'], 'notes.jpg', { type: 'image/jpeg' })] } });
    expect(await screen.findByText(`notes.jpg: ${PACKAGE_MSG.photoWrongType}`)).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith('A photo was not added');
  });

  it('shows the photos as thumbnails that open full size; staff without packages_scan or packages_manage cannot add any', async () => {
    signedIn(staffUser('staff', ['packages_view']));
    server.responses['GET /packages/p1'] = { ...detail, files: [...detail.files, photo] };
    renderAt('/staff/packages/p1');
    fireEvent.click(await screen.findByRole('button', { name: 'Open photo 1 (shelf.jpg) full size' }));
    const dialog = await screen.findByRole('dialog', { name: 'Photo 1 of 1' });
    expect((await within(dialog).findByRole('img', { name: 'Photo 1 of the package, full size' })).getAttribute('src')).toMatch(/^blob:/);
    expect(downloads.calls).toContainEqual({ path: '/package-files/ph1', options: 'blob' });
    expect(screen.queryByRole('button', { name: 'Add photos' })).toBeNull();
    // The invoice stays a download of its own.
    expect(screen.getByRole('button', { name: 'Download supplier invoice invoice.pdf' })).toBeTruthy();
  });
});
