import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PACKAGE_MSG, type PackageStreamEvent } from '@parceldesk/shared/schemas/packages';
import { ApiError } from '../../../lib/api-client';
import type { AuthContextValue } from '../../../lib/auth-context';
import { claim, detail, EMPTY_LIST, listItem, listOf, preAlert } from '../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { CustomerPackagesPage } from './customer-packages-page';
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
const live = vi.hoisted(() => ({ listener: null as null | ((event: PackageStreamEvent) => void) }));
vi.mock('../../../lib/live-events', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/live-events')>()),
  onPackageEvent: (listener: (event: PackageStreamEvent) => void) => {
    live.listener = listener;
    return () => { live.listener = null; };
  },
}));

const blobs = vi.hoisted(() => ({ paths: [] as string[] }));
vi.mock('../../../lib/download-file', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/download-file')>()),
  fetchFileBlob: vi.fn(async (path: string) => {
    blobs.paths.push(path);
    return new Blob(['jpeg'], { type: 'image/jpeg' });
  }),
}));
if (!URL.createObjectURL) Object.assign(URL, { createObjectURL: () => 'blob:photo', revokeObjectURL: () => undefined });

const renderAt = (path: string) => renderRoutes({ '/customer/packages': <CustomerPackagesPage /> }, path);
const where = () => screen.getByTestId('where').textContent;

beforeEach(() => {
  server.calls = [];
  server.responses = { 'GET /packages': listOf([listItem]), 'GET /pre-alerts': listOf([preAlert]), 'GET /packages/p1': detail };
  auth.current = { status: 'authenticated', role: 'customer', user: null };
  vi.clearAllMocks();
});

describe('CustomerPackagesPage', () => {
  it('lists packages with the customer wording of their status, and pre-alerts with Edit and Cancel', async () => {
    renderAt('/customer/packages');
    const packages = await screen.findByRole('table', { name: 'Packages' });
    expect(await within(packages).findByText('ISL-P-0000042')).toBeTruthy();
    expect(within(packages).getByText('Received')).toBeTruthy();
    expect(within(packages).getByText('3.25 lb')).toBeTruthy();
    const preAlerts = screen.getByRole('table', { name: 'Pre-alerts' });
    expect(await within(preAlerts).findByText('Pre-alerted')).toBeTruthy();
    expect(within(preAlerts).getByRole('button', { name: 'Edit pre-alert 1Z999AA10123456784' })).toBeTruthy();
    expect(within(preAlerts).getByRole('button', { name: 'Cancel pre-alert 1Z999AA10123456784' })).toBeTruthy();
  });

  it('?new=pre-alert opens the form; it checks the fields, refuses a wrong file at once and sends multipart', async () => {
    server.responses['POST /pre-alerts'] = preAlert;
    renderAt('/customer/packages?new=pre-alert');
    const dialog = await screen.findByRole('dialog', { name: 'Add pre-alert' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add pre-alert' }));
    expect(await within(dialog).findByText('Tracking number is required')).toBeTruthy();
    expect(within(dialog).getByText(PACKAGE_MSG.storeRequired)).toBeTruthy();

    const fileInput = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(fileInput, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await within(dialog).findByText(PACKAGE_MSG.documentWrongType)).toBeTruthy();
    fireEvent.change(fileInput, { target: { files: [new File(['%PDF-1.4'], 'invoice.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(within(dialog).queryByText(PACKAGE_MSG.documentWrongType)).toBeNull());

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Tracking number' }), { target: { value: '1z999aa1 0123456784' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Store/ }), { target: { value: 'Amazon' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Description/ }), { target: { value: 'Shoes' } });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Declared value (US$)' }), { target: { value: '59.99' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add pre-alert' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(PACKAGE_MSG.preAlertCreated));
    const post = server.calls.find((call) => call.method === 'POST' && call.path === '/pre-alerts');
    const body = post?.body as FormData;
    expect(body.get('store')).toBe('Amazon');
    expect(body.get('declaredValue')).toBe('59.99');
    expect((body.get('invoice') as File).name).toBe('invoice.pdf');
    await waitFor(() => expect(where()).toBe('/customer/packages'));
  });

  it('shows the server\'s message on the field it names', async () => {
    server.responses['POST /pre-alerts'] = new ApiError(409, PACKAGE_MSG.preAlertDuplicate, { trackingNumber: PACKAGE_MSG.preAlertDuplicate });
    renderAt('/customer/packages?new=pre-alert');
    const dialog = await screen.findByRole('dialog', { name: 'Add pre-alert' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Tracking number' }), { target: { value: '1Z999AA10123456784' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Store/ }), { target: { value: 'Amazon' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Description/ }), { target: { value: 'Shoes' } });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Declared value (US$)' }), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add pre-alert' }));
    expect(await within(dialog).findByText(PACKAGE_MSG.preAlertDuplicate)).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith(PACKAGE_MSG.preAlertDuplicate);
  });

  it('edits a pending pre-alert in the same form, filled in', async () => {
    server.responses['PUT /pre-alerts/a1'] = { ...preAlert, store: 'Shein' };
    renderAt('/customer/packages');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit pre-alert 1Z999AA10123456784' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit pre-alert 1Z999AA10123456784' });
    const store = within(dialog).getByRole('textbox', { name: /^Store/ }) as HTMLInputElement;
    expect(store.value).toBe('Amazon');
    fireEvent.change(store, { target: { value: 'Shein' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save pre-alert' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(PACKAGE_MSG.preAlertUpdated));
    const body = server.calls.find((call) => call.method === 'PUT' && call.path === '/pre-alerts/a1')?.body as FormData;
    expect(body.get('store')).toBe('Shein');
    expect(body.get('trackingNumber')).toBe('1Z999AA10123456784');
    expect(body.get('invoice')).toBeNull();
  });

  it('offers only "View package" for a pre-alert already received', async () => {
    server.responses['GET /pre-alerts'] = listOf([{ ...preAlert, status: 'received', packageId: 'p1', packageNumber: 'ISL-P-0000042' }]);
    renderAt('/customer/packages');
    const view = await screen.findByRole('button', { name: 'View package ISL-P-0000042' });
    expect(screen.queryByRole('button', { name: /^Edit pre-alert/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Cancel pre-alert/ })).toBeNull();
    fireEvent.click(view);
    await waitFor(() => expect(where()).toBe('/customer/packages?package=p1'));
  });

  it('cancels a pre-alert after asking', async () => {
    server.responses['DELETE /pre-alerts/a1'] = { message: PACKAGE_MSG.preAlertCancelled };
    renderAt('/customer/packages');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel pre-alert 1Z999AA10123456784' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this pre-alert?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel pre-alert' }));
    await waitFor(() => expect(server.calls).toContainEqual({ path: '/pre-alerts/a1', method: 'DELETE', body: undefined }));
    expect(toast.success).toHaveBeenCalledWith(PACKAGE_MSG.preAlertCancelled);
  });

  it('opens a package in place: status in customer words, weights, history without staff names, documents', async () => {
    renderAt('/customer/packages');
    fireEvent.click(await screen.findByRole('button', { name: 'ISL-P-0000042' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Package ISL-P-0000042' })).toBeTruthy();
    expect(where()).toBe('/customer/packages?package=p1');
    expect(screen.getByText('3.25 lb')).toBeTruthy();
    expect(screen.getByText('4 lb')).toBeTruthy();
    const history = screen.getByRole('list', { name: 'Status history' });
    expect(within(history).getByText('Received')).toBeTruthy();
    expect(within(history).queryByText(/Sam Staff/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Download supplier invoice invoice.pdf' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'All packages' }));
    await waitFor(() => expect(where()).toBe('/customer/packages'));
  });

  it('shows the warehouse\'s photos of the package, full size on a click, and offers no upload', async () => {
    const photo = { id: 'ph1', kind: 'photo' as const, fileName: 'shelf.jpg', contentType: 'image/jpeg', size: 90_000, url: '/api/package-files/ph1', createdAt: '2026-11-19T11:00:00.000Z' };
    server.responses['GET /packages/p1'] = { ...detail, files: [...detail.files, photo] };
    renderAt('/customer/packages?package=p1');
    fireEvent.click(await screen.findByRole('button', { name: 'Open photo 1 (shelf.jpg) full size' }));
    const dialog = await screen.findByRole('dialog', { name: 'Photo 1 of 1' });
    expect(await within(dialog).findByRole('img', { name: 'Photo 1 of the package, full size' })).toBeTruthy();
    expect(blobs.paths).toContain('/package-files/ph1');
    expect(screen.queryByRole('button', { name: /Add photo/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Download photo/ })).toBeNull();
  });

  it('claims an unknown package only with a proof of purchase', async () => {
    // The claimant learns which package it is only once the claim is approved.
    server.responses['POST /package-claims'] = { ...claim, note: null, packageId: null, packageNumber: null };
    renderAt('/customer/packages');
    fireEvent.click(await screen.findByRole('button', { name: 'Claim a package' }));
    const dialog = await screen.findByRole('dialog', { name: 'Claim an unknown package' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Tracking number' }), { target: { value: 'TBA123456789012' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit claim' }));
    expect(await within(dialog).findByText(PACKAGE_MSG.proofRequired)).toBeTruthy();
    const fileInput = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(fileInput, { target: { files: [new File(['png'], 'order.png', { type: 'image/png' })] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit claim' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(PACKAGE_MSG.claimSubmitted));
    const body = server.calls.find((call) => call.path === '/package-claims' && call.method === 'POST')?.body as FormData;
    expect(body.get('trackingNumber')).toBe('TBA123456789012');
    expect((body.get('proof') as File).name).toBe('order.png');
  });

  it('announces a package that changes while the page is open', async () => {
    renderAt('/customer/packages');
    await screen.findByRole('table', { name: 'Packages' });
    live.listener?.({ kind: 'package.status', packageId: 'p1', packageNumber: 'ISL-P-0000042', status: 'ready_for_pickup' });
    expect(toast.info).toHaveBeenCalledWith('ISL-P-0000042: Ready for pickup');
  });
});
