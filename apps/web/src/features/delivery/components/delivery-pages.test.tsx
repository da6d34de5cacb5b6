import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DeliveryRequest, DeliveryRequestListItem } from '@parceldesk/shared/schemas/delivery';
import type { AuthContextValue } from '../../../lib/auth-context';
import { ApiError } from '../../../lib/api-client';
import { renderRoutes } from '../../../test/render';
import { CustomerDeliveryPage } from './customer-delivery-page';
import { DeliveryLocationsPage } from './delivery-locations-page';
import { DeliveryRequestsPage } from './delivery-requests-page';
import '../../../test/contract-api';

configure({ asyncUtilTimeout: 5000 });

const auth = vi.hoisted(() => ({ current: {} as Partial<AuthContextValue> }));
vi.mock('../../../lib/auth-context', () => ({ useAuth: () => auth.current }));
const server = vi.hoisted(() => ({ responses: {} as Record<string, unknown>, calls: [] as { path: string; method: string; body?: unknown }[] }));
const mocks = vi.hoisted(() => ({ api: vi.fn() }));
vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  api: (await import('../../../test/contract-api')).contractChecked(mocks.api),
}));
const files = vi.hoisted(() => ({ fetched: [] as string[] }));
vi.mock('../../../lib/download-file', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/download-file')>()),
  fetchFileBlob: (path: string) => { files.fetched.push(path); return Promise.resolve(new Blob(['x'], { type: 'image/jpeg' })); },
}));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../lib/toast', () => ({ notify: toast }));

const PARCEL_ID = '7a0c6a3e-4d7b-4c55-9d54-2f8e4f1d00aa';
const item: DeliveryRequestListItem = {
  id: 'r1', requestNumber: 'DR-000001', status: 'requested', customerId: 'c1', customerName: 'Tanya Brown', mailboxNumber: 'IEX-000001',
  locationName: 'Half Way Tree', parish: 'St. Andrew', address: '12 Hope Road', phone: '876-555-0123', preferredDate: '2030-01-02',
  scheduledDate: null, timeWindow: null, driverId: null, driverName: null, packagesCount: 1, feeCents: 150_000, createdAt: '2030-01-01T14:00:00.000Z',
};
const detail = (over: Partial<DeliveryRequest> = {}): DeliveryRequest => ({
  ...item, notes: null, stopOrder: null, feeInvoiceNumber: null, amountDueCents: 250_000, recipientName: null, hasSignature: false, hasPhoto: false, failureReason: null,
  rejectionReason: null, paymentNumber: null, collectedCents: 0, deliveredAt: null,
  parcels: [{ id: PARCEL_ID, packageNumber: 'IEX-P-0000001', trackingNumber: '1Z1', description: 'Shoes', status: 'ready_for_pickup', invoiceNumber: 'INV-000001', balanceCents: 250_000 }],
  history: [{ id: 'e1', fromStatus: null, toStatus: 'requested', note: null, actorName: 'Tanya Brown', createdAt: '2030-01-01T14:00:00.000Z' }],
  ...over,
});
const list = (rows: DeliveryRequestListItem[]) => ({ data: rows, total: rows.length, page: 1, pageSize: 10, filterOptions: {} });

beforeEach(() => {
  vi.clearAllMocks();
  server.calls = [];
  files.fetched = [];
  URL.createObjectURL = vi.fn(() => 'blob:proof');
  URL.revokeObjectURL = vi.fn();
  server.responses = {
    'GET /delivery-requests': list([item]),
    'GET /delivery-requests/r1': detail(),
    'GET /delivery-requests/ready-parcels': { parcels: detail().parcels },
    'GET /delivery-locations/active': { locations: [{ id: '7a0c6a3e-4d7b-4c55-9d54-2f8e4f1d0001', name: 'Half Way Tree', parish: 'St. Andrew', feeCents: 150_000, isActive: true, notes: null, createdAt: '2030-01-01T00:00:00.000Z' }] },
    'GET /delivery-requests/drivers': { drivers: [{ id: '7a0c6a3e-4d7b-4c55-9d54-2f8e4f1d0002', name: 'Devon Driver' }] },
  };
  mocks.api.mockImplementation(async (path: string, options: { method?: string; body?: unknown } = {}) => {
    const method = options.method ?? 'GET';
    server.calls.push({ path, method, body: options.body });
    const answer = server.responses[`${method} ${path.split('?')[0]}`];
    if (answer === undefined) throw new Error(`no fake answer for ${method} ${path}`);
    return answer;
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    return new Proxy({}, { get: () => () => undefined, set: () => true }) as CanvasRenderingContext2D;
  } as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==');
});
afterEach(() => vi.restoreAllMocks());

const posts = () => server.calls.filter((call) => call.method !== 'GET');

describe('customer delivery requests', () => {
  beforeEach(() => {
    auth.current = { status: 'authenticated', role: 'customer', user: null } as never;
  });

  it('requests delivery of a chosen ready parcel, after being told what is missing', async () => {
    server.responses['POST /delivery-requests'] = { message: 'Delivery requested', request: detail() };
    const { user } = renderRoutes({ '/customer/delivery-requests': <CustomerDeliveryPage /> }, '/customer/delivery-requests');
    await user.click(await screen.findByRole('button', { name: 'Request delivery' }));
    const form = await screen.findByRole('form', { name: 'Request delivery' });
    await within(form).findByLabelText(/IEX-P-0000001/);
    await user.click(within(form).getByRole('button', { name: 'Request delivery' }));
    expect(await within(form).findByText('Choose at least one parcel')).toBeTruthy();
    expect(within(form).getByText('Choose a delivery location')).toBeTruthy();

    await user.click(within(form).getByLabelText(/IEX-P-0000001/));
    await user.selectOptions(within(form).getByLabelText('Delivery location'), 'Half Way Tree, St. Andrew (J$1,500.00)');
    expect(within(form).getByText('Delivery fee: J$1,500.00, added to your invoice when we schedule the delivery.')).toBeTruthy();
    await user.type(within(form).getByLabelText('Address'), '12 Hope Road');
    await user.type(within(form).getByLabelText('Phone number'), '876-555-0123');
    await user.click(within(form).getByRole('button', { name: 'Request delivery' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Delivery requested: DR-000001'));
    expect(posts()).toEqual([{ path: '/delivery-requests', method: 'POST', body: expect.objectContaining({ packageIds: [PARCEL_ID], address: '12 Hope Road', phone: '876-555-0123' }) }]);
  });

  it('sees the photo and signature kept as proof of a delivered request', async () => {
    server.responses['GET /delivery-requests/r1'] = detail({ status: 'delivered', recipientName: 'Tanya Brown', deliveredAt: '2030-01-02T15:00:00.000Z', hasPhoto: true, hasSignature: true });
    const { user } = renderRoutes({ '/customer/delivery-requests': <CustomerDeliveryPage /> }, '/customer/delivery-requests');
    await user.click(await within(await screen.findByRole('table', { name: 'Your delivery requests' })).findByRole('button', { name: 'DR-000001' }));
    expect(await screen.findByText('Proof of delivery')).toBeTruthy();
    expect((await screen.findByRole('img', { name: 'Photo of the delivery' })).getAttribute('src')).toBe('blob:proof');
    expect(await screen.findByRole('img', { name: "Recipient's signature" })).toBeTruthy();
    expect(files.fetched.sort()).toEqual(['/delivery-requests/r1/photo', '/delivery-requests/r1/signature']);
  });

  it('opens a request, sees its steps and cancels it while requested', async () => {
    server.responses['POST /delivery-requests/r1/cancel'] = { message: 'Delivery request cancelled', request: detail({ status: 'cancelled' }) };
    const { user } = renderRoutes({ '/customer/delivery-requests': <CustomerDeliveryPage /> }, '/customer/delivery-requests');
    const table = await screen.findByRole('table', { name: 'Your delivery requests' });
    await user.click(await within(table).findByRole('button', { name: 'DR-000001' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('IEX-P-0000001')).toBeTruthy();
    expect(within(dialog).getByText('J$1,500.00 (charged when scheduled)')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Delivery request cancelled'));
    expect(posts().map((c) => c.path)).toEqual(['/delivery-requests/r1/cancel']);
  });
});

describe('staff delivery requests', () => {
  beforeEach(() => {
    auth.current = { status: 'authenticated', role: 'staff', user: { role: { name: 'staff' }, permissions: ['delivery_requests_view', 'delivery_requests_manage'] } as never };
  });

  it('schedules with a date, window and driver', async () => {
    server.responses['POST /delivery-requests/r1/schedule'] = { message: 'Delivery scheduled', request: detail({ status: 'scheduled', scheduledDate: '2030-01-02', timeWindow: 'morning' }) };
    const { user } = renderRoutes({ '/staff/delivery-requests': <DeliveryRequestsPage /> }, '/staff/delivery-requests');
    const table = await screen.findByRole('table', { name: 'Delivery requests' });
    await user.click(await within(table).findByRole('button', { name: 'DR-000001' }));
    const form = await screen.findByRole('form', { name: 'Approve and schedule' });
    await user.selectOptions(within(form).getByLabelText('Time window'), 'afternoon');
    await waitFor(() => expect(within(form).getByRole('option', { name: 'Devon Driver' })).toBeTruthy());
    await user.selectOptions(within(form).getByLabelText('Driver'), 'Devon Driver');
    await user.click(within(form).getByRole('button', { name: 'Schedule delivery' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Delivery scheduled'));
    expect(posts()).toEqual([{ path: '/delivery-requests/r1/schedule', method: 'POST', body: expect.objectContaining({ window: 'afternoon', driverId: '7a0c6a3e-4d7b-4c55-9d54-2f8e4f1d0002' }) }]);
  });

  it('marks delivered only with a drawn signature, sending the cash collected in cents', async () => {
    server.responses['GET /delivery-requests/r1'] = detail({ status: 'out_for_delivery', scheduledDate: '2030-01-02', timeWindow: 'morning', driverName: 'Devon Driver' });
    server.responses['POST /delivery-requests/r1/deliver'] = { message: 'Delivery completed', request: detail({ status: 'delivered', recipientName: 'Tanya Brown', deliveredAt: '2030-01-02T15:00:00.000Z' }) };
    const { user } = renderRoutes({ '/staff/delivery-requests': <DeliveryRequestsPage /> }, '/staff/delivery-requests');
    await user.click(await within(await screen.findByRole('table', { name: 'Delivery requests' })).findByRole('button', { name: 'DR-000001' }));
    const form = await screen.findByRole('form', { name: 'Delivered' });
    await user.click(within(form).getByRole('button', { name: 'Mark delivered' }));
    expect(await screen.findByText("The recipient's signature or a photo is required")).toBeTruthy();
    const pad = within(form).getByRole('img', { name: /Recipient's signature/ });
    fireEvent.pointerDown(pad, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(pad, { pointerId: 1, pointerType: 'mouse', clientX: 60, clientY: 40 });
    fireEvent.pointerUp(pad, { pointerId: 1, pointerType: 'mouse' });
    await user.click(within(form).getByRole('button', { name: 'Mark delivered' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Delivery completed'));
    expect(posts()).toEqual([{
      path: '/delivery-requests/r1/deliver', method: 'POST',
      body: { recipientName: 'Tanya Brown', signature: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==', collectedCents: 250_000, paymentMethod: 'cash' },
    }]);
  });

  it('marks delivered with a photo instead of a signature: the photo (camera on a phone) is sent first, then delivered without a signature', async () => {
    server.responses['GET /delivery-requests/r1'] = detail({ status: 'out_for_delivery', scheduledDate: '2030-01-02', timeWindow: 'morning', driverName: 'Devon Driver' });
    server.responses['POST /delivery-requests/r1/photo'] = { message: 'Photo of the delivery saved', request: detail({ status: 'out_for_delivery', hasPhoto: true }) };
    server.responses['POST /delivery-requests/r1/deliver'] = { message: 'Delivery completed', request: detail({ status: 'delivered', recipientName: 'Tanya Brown', hasPhoto: true, deliveredAt: '2030-01-02T15:00:00.000Z' }) };
    const { user } = renderRoutes({ '/staff/delivery-requests': <DeliveryRequestsPage /> }, '/staff/delivery-requests');
    await user.click(await within(await screen.findByRole('table', { name: 'Delivery requests' })).findByRole('button', { name: 'DR-000001' }));
    const form = await screen.findByRole('form', { name: 'Delivered' });
    await user.click(within(form).getByText('Photo'));
    expect(within(form).queryByRole('img', { name: /Recipient's signature/ })).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Mark delivered' }));
    expect(await screen.findByText("The recipient's signature or a photo is required")).toBeTruthy();
    expect(posts()).toEqual([]);
    const input = form.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.getAttribute('capture')).toBe('environment');
    expect(input.getAttribute('accept')).toBe('image/jpeg,image/png');
    await user.upload(input, new File(['jpeg bytes'], 'door.jpg', { type: 'image/jpeg' }));
    await user.click(within(form).getByRole('button', { name: 'Mark delivered' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Delivery completed'));
    const sent = posts();
    expect(sent.map((call) => call.path)).toEqual(['/delivery-requests/r1/photo', '/delivery-requests/r1/deliver']);
    expect((sent[0]!.body as FormData).get('photo')).toBeInstanceOf(File);
    expect(sent[1]!.body).toEqual({ recipientName: 'Tanya Brown', collectedCents: 250_000, paymentMethod: 'cash' });
  });

  it('a refused photo is told and the request is not marked delivered', async () => {
    server.responses['GET /delivery-requests/r1'] = detail({ status: 'out_for_delivery', scheduledDate: '2030-01-02', timeWindow: 'morning', driverName: 'Devon Driver' });
    const { user } = renderRoutes({ '/staff/delivery-requests': <DeliveryRequestsPage /> }, '/staff/delivery-requests');
    mocks.api.mockImplementation(async (path: string, options: { method?: string; body?: unknown } = {}) => {
      const method = options.method ?? 'GET';
      server.calls.push({ path, method, body: options.body });
      if (method === 'POST' && path === '/delivery-requests/r1/photo') throw new ApiError(415, 'Photos must be JPG or PNG images');
      return server.responses[`${method} ${path.split('?')[0]}`];
    });
    await user.click(await within(await screen.findByRole('table', { name: 'Delivery requests' })).findByRole('button', { name: 'DR-000001' }));
    const form = await screen.findByRole('form', { name: 'Delivered' });
    await user.click(within(form).getByText('Photo'));
    await user.upload(form.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['%PDF'], 'scan.jpg', { type: 'image/jpeg' }));
    await user.click(within(form).getByRole('button', { name: 'Mark delivered' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Photos must be JPG or PNG images');
    expect(posts().map((call) => call.path)).toEqual(['/delivery-requests/r1/photo']);
  });

  it('a viewer without delivery_requests_manage sees no actions; without view, no access', async () => {
    auth.current = { status: 'authenticated', role: 'staff', user: { role: { name: 'staff' }, permissions: ['delivery_requests_view'] } as never };
    const { user, unmount } = renderRoutes({ '/staff/delivery-requests': <DeliveryRequestsPage /> }, '/staff/delivery-requests');
    await user.click(await within(await screen.findByRole('table', { name: 'Delivery requests' })).findByRole('button', { name: 'DR-000001' }));
    expect(await within(await screen.findByRole('dialog')).findByText('IEX-P-0000001')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Schedule delivery' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Print run sheet' })).toBeNull();
    unmount();
    auth.current = { status: 'authenticated', role: 'staff', user: { role: { name: 'staff' }, permissions: ['packages_view'] } as never };
    renderRoutes({ '/staff/delivery-requests': <DeliveryRequestsPage /> }, '/staff/delivery-requests');
    expect(screen.getByText('No access to this screen')).toBeTruthy();
  });
});

describe('delivery locations', () => {
  it('the admin adds a location with its fee in J$ (sent in cents)', async () => {
    auth.current = { status: 'authenticated', role: 'courier_admin', user: { role: { name: 'courier_admin' }, permissions: [] } as never };
    server.responses['GET /delivery-locations'] = list([]) as never;
    server.responses['POST /delivery-locations'] = { message: 'Delivery location created', location: { id: 'l1', name: 'Portmore', parish: 'St. Catherine', feeCents: 200_000, isActive: true, notes: null, createdAt: '2030-01-01T00:00:00.000Z' } };
    const { user } = renderRoutes({ '/admin/delivery-locations': <DeliveryLocationsPage /> }, '/admin/delivery-locations');
    await user.click(await screen.findByRole('button', { name: '+ Add Location' }));
    const form = await screen.findByRole('form', { name: 'Delivery location' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Location name is required')).toBeTruthy();
    await user.type(within(form).getByLabelText('Name'), 'Portmore');
    await user.selectOptions(within(form).getByLabelText('Parish'), 'St. Catherine');
    await user.type(within(form).getByLabelText('Fee (J$)'), '2000');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Delivery location created'));
    expect(posts()).toEqual([{ path: '/delivery-locations', method: 'POST', body: { name: 'Portmore', parish: 'St. Catherine', feeCents: 200_000, isActive: true, notes: null } }]);
  });
});
