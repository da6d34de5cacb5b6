import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { CustomerProfile } from '@parceldesk/shared/schemas/auth';
import type { AuthContextValue } from '../../../lib/auth-context';
import { renderWithProviders } from '../../../test/render';
import { CustomerDashboard, NO_WAREHOUSE_ADDRESS } from './customer-dashboard';
import '../../../test/contract-api';

const auth = vi.hoisted(() => ({ current: {} as Partial<AuthContextValue> }));
vi.mock('../../../lib/auth-context', () => ({ useAuth: () => auth.current }));
// GET /rate-sheet, GET /couriers/{id} and GET /invoices/summary, answered per test.
const server = vi.hoisted(() => ({ responses: {} as Record<string, unknown> }));
vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  api: (await import('../../../test/contract-api')).contractChecked(vi.fn(async (path: string) => server.responses[path] ?? {})),
}));

/** GET /couriers/{id} as a customer reads it: the courier with its bank details. */
const courierAnswer = (bankDetails: string | null) => ({
  success: true,
  data: {
    id: 'c1', name: 'Island Express', code: 'ISL', logo_url: null, shipping_address_air: null, shipping_address_sea: null,
    bank_details: bankDetails, supports_membership: true,
  },
});

beforeEach(() => {
  // What the server answers for a courier with no rate sheet and no bank details.
  server.responses = {
    '/rate-sheet': { success: true, rate_sheet_url: null, file_name: null },
    '/couriers/c1': courierAnswer(null),
    '/invoices/summary': { openInvoices: 1, amountDueCents: 97750 },
    '/dashboard/customer': {
      packagesByStatus: [{ status: 'ready_for_pickup', count: 2 }, { status: 'in_transit', count: 1 }],
      recentActivity: [{ at: '2026-11-20T15:00:00.000Z', text: 'ISL-P-0000007: Ready for pickup', link: 'packages?package=ISL-P-0000007' }],
    },
  };
});

function customer(shippingAddresses: CustomerProfile['shippingAddresses']): CustomerProfile {
  return {
    id: 'k1', firstName: 'Ann', lastName: 'Brown', email: 'ann@example.com', phone: '876-555-0100', title: 'Ms.',
    accountType: 'individual', businessName: null, mailboxNumber: 'ISL-1042', trn: '123456789', address: '1 Main St',
    parish: 'Kingston', city: 'Kingston', country: 'Jamaica', membershipType: 'standard',
    branch: { id: 'b1', name: 'Half Way Tree' }, courier: { id: 'c1', name: 'Island Express', code: 'ISL', logo_url: null },
    shippingAddresses, role: 'customer', createdAt: '2025-03-01T10:00:00.000Z',
  };
}

function renderDashboard(profile: CustomerProfile) {
  auth.current = { customer: profile };
  renderWithProviders(<CustomerDashboard />);
}

describe('CustomerDashboard', () => {
  it('greets the customer and shows the mailbox number, branch and account type', () => {
    renderDashboard(customer([]));
    expect(screen.getByRole('heading', { name: 'Welcome, Ann' })).toBeTruthy();
    expect(screen.getByText('ISL-1042')).toBeTruthy();
    expect(screen.getByText('Half Way Tree')).toBeTruthy();
    expect(screen.getByText('Individual Account')).toBeTruthy();
  });

  it('shows what the customer owes, linking to their invoices', async () => {
    renderDashboard(customer([]));
    expect(await screen.findByText('J$977.50')).toBeTruthy();
    expect(screen.getByRole('link', { name: '1 open invoice' }).getAttribute('href')).toContain('/customer/invoices');
    // Issue 14: a pay button opening the invoices that still owe money first.
    expect(screen.getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe('/customer/invoices?sort=balanceCents&order=desc');
  });

  it('shows the customer\'s parcels by status, as a table on request, and their recent activity', async () => {
    renderDashboard(customer([]));
    const chart = await screen.findByRole('region', { name: 'Your parcels by status' }, { timeout: 8000 });
    expect(within(chart).getByRole('img').getAttribute('aria-label')).toContain('Ready for pickup 2');
    within(chart).getByRole('radio', { name: 'Table' }).click();
    const table = await within(chart).findByRole('table', { name: 'Your parcels by status' });
    expect(within(table).getByRole('row', { name: /Ready for pickup 2/ })).toBeTruthy();
    expect(within(table).getByRole('row', { name: /In transit 1/i })).toBeTruthy();
    const activity = screen.getByRole('region', { name: 'Recent activity' });
    expect(within(activity).getByRole('link', { name: 'ISL-P-0000007: Ready for pickup' }).getAttribute('href')).toBe('/customer/packages?package=ISL-P-0000007');
  });

  it('offers "Add pre-alert" in one click, opening the form on the packages page', () => {
    renderDashboard(customer([]));
    expect(screen.getByRole('link', { name: 'Add pre-alert' }).getAttribute('href')).toBe('/customer/packages?new=pre-alert');
  });

  it('says so when the courier has no US warehouse address', () => {
    renderDashboard(customer([]));
    expect(screen.getByText(NO_WAREHOUSE_ADDRESS)).toBeTruthy();
  });

  it('shows each address line by line with a copy button', () => {
    const air = ['Ann Brown', '8000 NW 25th St', 'Suite ISL-1042', 'Miami', 'FL', '33122'];
    renderDashboard(customer([{ mode: 'AIR', lines: air }, { mode: 'SEA', lines: ['Ann Brown', '1 Port Rd'] }]));
    const card = screen.getByRole('region', { name: 'Air freight address' });
    for (const line of air) expect(within(card).getByText(line)).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Copy air freight address' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Sea freight address' })).toBeTruthy();
    expect(screen.queryByText(NO_WAREHOUSE_ADDRESS)).toBeNull();
  });

  it('offers the rate sheet only when the courier has uploaded one', async () => {
    server.responses['/rate-sheet'] = { success: true, rate_sheet_url: '/api/rate-sheet/download', file_name: 'rates-2025.pdf' };
    renderDashboard(customer([]));
    expect(await screen.findByRole('button', { name: 'Download rate sheet' })).toBeTruthy();
  });

  it('has no rate sheet button without a sheet', async () => {
    server.responses['/couriers/c1'] = courierAnswer('NCB');
    renderDashboard(customer([]));
    await screen.findByText('NCB'); // the other query has settled too
    expect(screen.queryByRole('button', { name: 'Download rate sheet' })).toBeNull();
  });

  it("shows the courier's bank transfer details line by line", async () => {
    server.responses['/couriers/c1'] = courierAnswer('Bank: NCB\nAccount: 123456\nBranch: Half Way Tree');
    renderDashboard(customer([]));
    const card = await screen.findByRole('region', { name: 'Bank transfer details' });
    expect(within(card).getByText('Bank: NCB')).toBeTruthy();
    expect(within(card).getByText('Account: 123456')).toBeTruthy();
    expect(within(card).getByText('Branch: Half Way Tree')).toBeTruthy();
  });
});
