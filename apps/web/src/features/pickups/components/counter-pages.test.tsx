import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuthUser } from '@parceldesk/shared/schemas/auth';
import type { CounterLookup, CreatePickupResponse } from '@parceldesk/shared/schemas/pickups';
import type { AuthContextValue } from '../../../lib/auth-context';
import { renderRoutes } from '../../../test/render';
import { CounterPage } from './counter-page';
import { SigningPage } from './signing-page';
import '../../../test/contract-api';

const auth = vi.hoisted(() => ({ current: {} as Partial<AuthContextValue> }));
vi.mock('../../../lib/auth-context', () => ({ useAuth: () => auth.current }));
const server = vi.hoisted(() => ({ responses: {} as Record<string, unknown>, calls: [] as { path: string; method: string; body: unknown; headers?: Record<string, string> }[] }));
vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  api: (await import('../../../test/contract-api')).contractChecked(vi.fn(async (path: string, options: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    server.calls.push({ path, method: options.method ?? 'GET', body: options.body, headers: options.headers });
    const answer = server.responses[`${options.method ?? 'GET'} ${path.split('?')[0]}`];
    if (answer instanceof Error) throw answer;
    return answer;
  })),
}));
vi.mock('../../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

function signIn(role: 'courier_admin' | 'staff', permissions: string[]) {
  const user: AuthUser = {
    id: 'u1', first_name: 'Sam', last_name: 'Clerk', email: 'sam@example.com', role: { name: role, permissions: [] }, permissions,
    user_type: role === 'courier_admin' ? 'admin' : 'staff', courier: { id: 'c1', name: 'Island Express', code: 'IEX', logo_url: null }, branch: null,
  } as AuthUser;
  auth.current = { status: 'authenticated', role, user, customer: null };
}

const customer = { id: 'cu1', name: 'Tanya Brown', mailboxNumber: 'IEX1001', email: 'tanya@example.com', branchName: 'Kingston' };
const parcel = (id: string, packageNumber: string, invoiceNumber: string, balanceCents: number, isScanned = false) => ({
  id, packageNumber, trackingNumber: `1Z${id}`, description: 'Shoes', service: 'air' as const, weight: 3, pieces: 1, branchName: 'Kingston', location: null,
  invoiceNumbers: [invoiceNumber], balanceCents, isInvoiced: true, isScanned,
});
const LOOKUP: CounterLookup = {
  code: '1ZP1', matchedBy: 'package', message: null, candidates: [], customer, scannedPackage: null,
  parcels: [parcel('p1', 'IEX-P-0000001', 'INV-000001', 0), parcel('p2', 'IEX-P-0000002', 'INV-000002', 150_000, true)],
  invoices: [
    { id: 'i1', invoiceNumber: 'INV-000001', status: 'paid', totalCents: 90_000, paidCents: 90_000, balanceCents: 0, packageNumbers: ['IEX-P-0000001'] },
    { id: 'i2', invoiceNumber: 'INV-000002', status: 'partially_paid', totalCents: 250_000, paidCents: 100_000, balanceCents: 150_000, packageNumbers: ['IEX-P-0000002'] },
  ],
  totals: { totalCents: 340_000, paidCents: 190_000, balanceCents: 150_000 },
};

// jsdom has no canvas: enough of one for the pad to draw and export.
beforeEach(() => {
  server.calls = [];
  server.responses = { 'GET /counter/lookup': LOOKUP };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    return new Proxy({}, { get: () => () => undefined, set: () => true }) as CanvasRenderingContext2D;
  } as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==');
});
afterEach(() => vi.restoreAllMocks());

const ROUTES = { '/admin/sign-signature': <CounterPage />, '/admin/sign-signature/:invoiceNumber': <SigningPage />, '/staff/sign-signature/:invoiceNumber': <SigningPage /> };

describe('CounterPage', () => {
  it('a scanned label (typed, then Enter) shows the parcels, what is paid and due, and opens the signing page for the chosen parcels', async () => {
    signIn('courier_admin', []);
    const { user } = renderRoutes(ROUTES, '/admin/sign-signature');
    await user.type(screen.getByLabelText('Scan a label or invoice, or type a mailbox number or name'), '1ZP1{Enter}');
    expect(await screen.findByText('Tanya Brown')).toBeTruthy();
    expect(server.calls[0]?.path).toBe('/counter/lookup?code=1ZP1');
    expect(within(screen.getByRole('table', { name: 'Parcels ready for pickup' })).getByText('Paid')).toBeTruthy();
    expect(screen.getAllByText('J$1,500.00').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Take payment' })).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Release IEX-P-0000001' }));
    expect(screen.getByRole('button', { name: 'Sign and release 1 parcel' })).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Release IEX-P-0000001' }));
    await user.click(screen.getByRole('button', { name: 'Sign and release 2 parcels' }));
    expect(screen.getByTestId('where').textContent).toBe('/admin/sign-signature/INV-000001?packages=p1,p2');
  });

  it('asks for something to look up', async () => {
    signIn('staff', ['packages_sign']);
    const { user } = renderRoutes(ROUTES, '/admin/sign-signature');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(screen.getByText('Scan a label or invoice, or type a mailbox number or name', { selector: '.mantine-InputWrapper-error, p, div' })).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });
});

describe('SigningPage', () => {
  it('staff cannot release parcels with a balance due: they are sent to take the payment first', async () => {
    signIn('staff', ['packages_sign']);
    renderRoutes(ROUTES, '/staff/sign-signature/INV-000002?packages=p1,p2');
    expect(await screen.findByText('J$1,500.00 is still due')).toBeTruthy();
    expect(screen.getByText(/Only a courier admin can release parcels that are not paid/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Confirm and release' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a courier admin releases with a reason once the collector has signed', async () => {
    signIn('courier_admin', []);
    const answer: CreatePickupResponse = {
      message: '2 parcels released',
      pickup: {
        id: 'pu1', pickupNumber: 'PU-000007', customer, releasedBy: { id: 'u1', name: 'Sam Clerk' }, releasedAt: '2026-11-24T15:00:00.000Z',
        collector: { kind: 'customer', name: 'Tanya Brown', idType: null, idNumber: null, relationship: null, authorisationLetter: null },
        override: { reason: 'Pays on Friday', byName: 'Sam Clerk' },
        packages: [{ id: 'p1', packageNumber: 'IEX-P-0000001', trackingNumber: '1Zp1', description: 'Shoes' }, { id: 'p2', packageNumber: 'IEX-P-0000002', trackingNumber: '1Zp2', description: 'Shoes' }],
        invoices: LOOKUP.invoices, totals: LOOKUP.totals, receiptEmailedTo: 'tanya@example.com',
      },
    };
    server.responses['POST /pickups'] = answer;
    const { user } = renderRoutes(ROUTES, '/admin/sign-signature/INV-000002?packages=p1,p2');
    await screen.findByText('J$1,500.00 is still due');

    await user.click(screen.getByRole('button', { name: 'Confirm and release' }));
    expect(await screen.findByText('The person collecting must sign')).toBeTruthy();

    const pad = screen.getByRole('img', { name: 'Signature of the person collecting: not signed yet' });
    fireEvent.pointerDown(pad, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(pad, { pointerId: 1, pointerType: 'mouse', clientX: 60, clientY: 40 });
    fireEvent.pointerUp(pad, { pointerId: 1, pointerType: 'mouse' });
    await user.click(screen.getByRole('button', { name: 'Confirm and release' }));
    expect(await screen.findByText('Give the reason for releasing parcels that are not paid')).toBeTruthy();

    await user.type(screen.getByLabelText('Reason for releasing without full payment'), 'Pays on Friday');
    await user.click(screen.getByRole('button', { name: 'Confirm and release' }));
    expect(await screen.findByText('2 parcels released')).toBeTruthy();
    const post = server.calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ packageIds: ['p1', 'p2'], collectorKind: 'customer', signature: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==', overrideReason: 'Pays on Friday' });
    expect(post?.headers?.['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByText(/Receipt PU-000007 emailed to tanya@example.com/)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Next customer' })).toBeTruthy());
  });
});
