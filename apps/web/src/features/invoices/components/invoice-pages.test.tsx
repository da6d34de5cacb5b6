import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { InvoiceDetail, InvoiceListItem } from '@parceldesk/shared/schemas/invoices';
import type { AuthContextValue } from '../../../lib/auth-context';
import { renderRoutes } from '../../../test/render';
import { CustomerInvoicePage, CustomerInvoicesPage } from './customer-invoices-page';
import { InvoiceDetailPage } from './invoice-detail-page';
import { InvoicesPage } from './invoices-page';
import '../../../test/contract-api';

configure({ asyncUtilTimeout: 5000 });

const auth = vi.hoisted(() => ({ current: {} as Partial<AuthContextValue> }));
vi.mock('../../../lib/auth-context', () => ({ useAuth: () => auth.current }));
const server = vi.hoisted(() => ({ responses: {} as Record<string, unknown>, calls: [] as { path: string; method: string; body: unknown }[] }));
const mocks = vi.hoisted(() => ({ api: vi.fn(), downloadFile: vi.fn() }));
vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  api: (await import('../../../test/contract-api')).contractChecked(mocks.api),
}));
vi.mock('../../../lib/download-file', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/download-file')>()),
  downloadFile: mocks.downloadFile,
}));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../lib/toast', () => ({ notify: toast }));

const row: InvoiceListItem = {
  id: 'i1', invoiceNumber: 'INV-000123', status: 'unpaid', customerId: 'c1', customerName: 'Tanya Brown', mailboxNumber: 'IEX-000123',
  branchId: 'b1', branchName: 'Half Way Tree', courierId: 'k1', courierName: 'Island Express', currency: 'JMD',
  totalCents: 97750, paidCents: 0, balanceCents: 97750, issuedAt: '2026-11-24T15:00:00.000Z', ageDays: 45,
};
const detail: InvoiceDetail = {
  ...row, subtotalCents: 88000, gctCents: 9750, dueAt: row.issuedAt, issuedByName: 'Test staff', voidReason: null, voidedAt: null,
  replacesInvoiceNumber: null, replacedByInvoiceNumber: null,
  lines: [
    { id: 'l1', code: 'freight', description: 'Freight AIR 2 lb', amountCents: 65000, packageId: 'p1', packageNumber: 'IEX-P-0000001', addedAfterIssue: false, addedAt: row.issuedAt },
    { id: 'l2', code: 'processing_fee', description: 'Processing fee (2 lb)', amountCents: 23000, packageId: 'p1', packageNumber: 'IEX-P-0000001', addedAfterIssue: false, addedAt: row.issuedAt },
    { id: 'l3', code: 'gct', description: 'GCT 15% of freight J$650.00', amountCents: 9750, packageId: 'p1', packageNumber: 'IEX-P-0000001', addedAfterIssue: false, addedAt: row.issuedAt },
  ],
  packages: [{ id: 'p1', packageNumber: 'IEX-P-0000001', trackingNumber: '1Z999AA10123456784', description: 'Shoes', service: 'air', weight: 2, chargeableWeight: 2, status: 'received' }],
  payments: [],
  history: [{ id: 'e1', kind: 'issued', label: 'Invoice issued', note: 'Issued for IEX-P-0000001', amountCents: 97750, actorName: 'Test staff', createdAt: row.issuedAt }],
  bankDetails: ['Bank: NCB Half Way Tree', 'Account no. 354-123-456'],
  canAddLine: true, canVoid: true,
};
const list = (data: InvoiceListItem[]) => ({ data, total: data.length, page: 1, pageSize: 10, filterOptions: { aging: [{ value: '0-30', label: '0–30 days' }, { value: '31-60', label: '31–60 days' }] } });

beforeEach(() => {
  vi.clearAllMocks();
  server.calls = [];
  server.responses = {
    'GET /invoices': list([row]),
    'GET /invoices/INV-000123': detail,
    'GET /invoices/summary': { openInvoices: 1, amountDueCents: 97750 },
  };
  mocks.api.mockImplementation(async (path: string, options: { method?: string; body?: unknown } = {}) => {
    const method = options.method ?? 'GET';
    server.calls.push({ path, method, body: options.body });
    const answer = server.responses[`${method} ${path.split('?')[0]}`];
    if (answer === undefined) throw new Error(`no fake answer for ${method} ${path}`);
    return answer;
  });
  auth.current = { status: 'authenticated', role: 'courier_admin', user: { role: { name: 'courier_admin' }, permissions: [] } as never };
});

describe('staff invoice screens', () => {
  it('lists invoices with money in J$ and the age, and opens one', async () => {
    const { user } = renderRoutes({ '/admin/invoices': <InvoicesPage />, '/admin/invoices/:invoiceNo': <InvoiceDetailPage /> }, '/admin/invoices');
    const table = await screen.findByRole('table', { name: 'All invoices' });
    const cells = within(table);
    await waitFor(() => expect(cells.getAllByText('J$977.50')).toHaveLength(2));
    expect(cells.getByText('45 days')).toBeTruthy();
    await user.click(cells.getByRole('link', { name: 'INV-000123' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice INV-000123' })).toBeTruthy();
    expect(screen.getByText('Freight AIR 2 lb')).toBeTruthy();
    expect(screen.getByTestId('amount-due').textContent).toBe('J$977.50');
    expect(screen.getByText('Account no. 354-123-456')).toBeTruthy();
  });

  it('adds a charge typed in J$ as cents, and downloads the PDF', async () => {
    server.responses['POST /invoices/INV-000123/lines'] = { ...detail, totalCents: 247750, subtotalCents: 238000, balanceCents: 247750 };
    mocks.downloadFile.mockResolvedValue('INV-000123.pdf');
    const { user } = renderRoutes({ '/admin/invoices/:invoiceNo': <InvoiceDetailPage /> }, '/admin/invoices/INV-000123');
    await user.click(await screen.findByRole('button', { name: 'Add charge' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Description/), 'Duty assessed on shoes');
    await user.type(within(dialog).getByLabelText(/^Amount \(J\$\)/), '1,500');
    await user.click(within(dialog).getByRole('button', { name: 'Add charge' }));
    await waitFor(() => expect(server.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(server.calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/invoices/INV-000123/lines?courierId=k1', body: { code: 'customs_duty', description: 'Duty assessed on shoes', amountCents: 150000 },
    });
    expect(toast.success).toHaveBeenCalledWith('Charge added to the invoice');
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(mocks.downloadFile).toHaveBeenCalledWith('/invoices/INV-000123/pdf?courierId=k1', { fallbackName: 'INV-000123.pdf' });
  });

  it('voids with a reason and opens the replacement', async () => {
    server.responses['POST /invoices/INV-000123/void'] = { message: 'Invoice voided; replacement INV-000124 issued', voidedInvoiceNumber: 'INV-000123', replacementInvoiceNumber: 'INV-000124' };
    const { user } = renderRoutes({ '/admin/invoices/:invoiceNo': <InvoiceDetailPage /> }, '/admin/invoices/INV-000123');
    await user.click(await screen.findByRole('button', { name: 'Void' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Void and replace' }));
    expect(await within(dialog).findByText('Give a reason for voiding the invoice')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Wrong weight');
    await user.click(within(dialog).getByRole('button', { name: 'Void and replace' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/invoices/INV-000124'));
    expect(toast.success).toHaveBeenCalledWith('Invoice voided; replacement INV-000124 issued');
  });

  it('tells staff without invoices_view they have no access', () => {
    auth.current = { status: 'authenticated', role: 'staff', user: { role: { name: 'staff' }, permissions: ['packages_view'] } as never };
    renderRoutes({ '/staff/invoices': <InvoicesPage /> }, '/staff/invoices');
    expect(screen.getByText('No access to this screen')).toBeTruthy();
  });
});

describe('customer invoice screens', () => {
  beforeEach(() => {
    auth.current = { status: 'authenticated', role: 'customer', user: null };
  });

  it('shows the amount due and their invoices, and the invoice with what to pay by transfer', async () => {
    const { user } = renderRoutes({ '/customer/invoices': <CustomerInvoicesPage />, '/customer/invoices/:invoiceNo': <CustomerInvoicePage /> }, '/customer/invoices');
    await waitFor(() => expect(screen.getByTestId('customer-amount-due').textContent).toBe('J$977.50'));
    const table = await screen.findByRole('table', { name: 'My invoices' });
    await user.click(await within(table).findByRole('link', { name: 'INV-000123' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice INV-000123' })).toBeTruthy();
    expect(screen.getByText('Reference: INV-000123')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add charge' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Void' })).toBeNull();
  });
});
