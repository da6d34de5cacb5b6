import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuthUser } from '@parceldesk/shared/schemas/auth';
import type { TicketDetail } from '@parceldesk/shared/schemas/tickets';
import { ApiError } from '../../../lib/api-client';
import type { AuthContextValue } from '../../../lib/auth-context';
import { renderRoutes } from '../../../test/render';
import { CustomerTicketsPage } from './customer-tickets-page';
import { StaffTicketPage } from './staff-ticket-page';
import { StaffTicketsPage } from './staff-tickets-page';
import '../../../test/contract-api';

// Mantine renders slowly when the whole suite runs at once: wait longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

const auth = vi.hoisted(() => ({ current: {} as Partial<AuthContextValue> }));
vi.mock('../../../lib/auth-context', () => ({ useAuth: () => auth.current }));
const server = vi.hoisted(() => ({ responses: {} as Record<string, unknown>, calls: [] as { path: string; method: string; body: unknown }[] }));
vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  api: (await import('../../../test/contract-api')).contractChecked(vi.fn(async (path: string, options: { method?: string; body?: unknown } = {}) => {
    server.calls.push({ path, method: options.method ?? 'GET', body: options.body });
    const answer = server.responses[`${options.method ?? 'GET'} ${path.split('?')[0]}`];
    if (answer instanceof Error) throw answer;
    return answer ?? { data: [], total: 0, page: 1, pageSize: 10, filterOptions: {} };
  })),
}));
vi.mock('../../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const admin: AuthUser = {
  id: 'u1', first_name: 'Ada', last_name: 'Admin', email: 'ada@example.com', role: { name: 'courier_admin', permissions: [] }, permissions: [],
  user_type: 'admin', courier: { id: 'c1', name: 'Island Express', code: 'ISL', logo_url: null }, branch: null,
};

const ticket: TicketDetail = {
  id: 't-42', ticket_no: 'TKT-000042', subject: 'Parcel missing', department: 'Shipping', status: 'in_progress',
  customer: { id: 'k1', firstName: 'Tanya', lastName: 'Campbell', email: 'tanya@example.com', mailboxNumber: 'ISL-0001' },
  courierId: 'c1', courierName: 'Island Express', createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T11:00:00.000Z',
  messages: [
    { id: 'm1', user_id: null, customer_id: 'k1', authorType: 'customer', authorName: 'Tanya Campbell', body: 'Where is my parcel?', createdAt: '2026-03-01T10:00:00.000Z', attachments: [] },
    {
      id: 'm2', user_id: 'u1', customer_id: null, authorType: 'staff', authorName: 'Ada Admin', body: 'It arrives Friday.', createdAt: '2026-03-01T11:00:00.000Z',
      attachments: [{ id: 'a1', fileName: 'waybill.pdf', contentType: 'application/pdf', size: 2048, url: '/api/tickets/attachments/a1' }],
    },
  ],
  canReply: true,
  allowedStatuses: ['resolved', 'closed'],
};

function renderAt(path: string) {
  renderRoutes({
    '/admin/support-tickets': <StaffTicketsPage />,
    '/admin/support-tickets/:id': <StaffTicketPage />,
    '/staff/support-tickets': <StaffTicketsPage />,
    '/customer/support-tickets': <CustomerTicketsPage />,
  }, path);
}

beforeEach(() => {
  server.calls = [];
  server.responses = {
    'GET /tickets/by-number/TKT-000042': ticket,
    'GET /tickets/t-42': ticket,
  };
  auth.current = { status: 'authenticated', role: 'courier_admin', user: admin, customer: null };
});

describe('staff ticket screens', () => {
  it('?ticket=NO opens that ticket through the by-number endpoint', async () => {
    renderAt('/admin/support-tickets?ticket=TKT-000042');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/support-tickets/t-42'));
    expect(await screen.findByRole('heading', { level: 1, name: 'TKT-000042: Parcel missing' })).toBeTruthy();
  });

  it('says so when the ticket number is unknown, and keeps the list', async () => {
    server.responses['GET /tickets/by-number/TKT-999999'] = new ApiError(404, 'Not found');
    renderAt('/admin/support-tickets?ticket=TKT-999999');
    expect((await screen.findByRole('alert')).textContent).toContain('Could not open ticket TKT-999999');
    expect(screen.getByRole('heading', { level: 1, name: 'Support Tickets' })).toBeTruthy();
  });

  it('shows staff replies apart from customer messages, with downloadable attachments', async () => {
    renderAt('/admin/support-tickets/t-42');
    const conversation = await screen.findByRole('list', { name: 'Conversation' });
    const [first, second] = within(conversation).getAllByRole('listitem');
    expect(first?.getAttribute('aria-label')).toBe('Customer message from Tanya Campbell');
    expect(second?.getAttribute('aria-label')).toBe('Staff reply from Ada Admin');
    expect(second?.getAttribute('data-author')).toBe('staff');
    expect(within(second as HTMLElement).getByRole('button', { name: 'Download waybill.pdf (2 KB)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark Resolved' })).toBeTruthy();
  });

  it('sends a reply', async () => {
    server.responses['POST /tickets/t-42/messages'] = ticket;
    renderAt('/admin/support-tickets/t-42');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Reply' }), { target: { value: 'On its way' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reply' }));
    await waitFor(() => expect(server.calls).toContainEqual({ path: '/tickets/t-42/messages', method: 'POST', body: { message: 'On its way' } }));
  });

  it('refuses staff without tickets_view', () => {
    auth.current = { status: 'authenticated', role: 'staff', user: { ...admin, role: { name: 'staff', permissions: [] }, permissions: ['dashboard_view'] }, customer: null };
    renderAt('/staff/support-tickets');
    expect(screen.getByText('No access to support tickets')).toBeTruthy();
    expect(server.calls).toEqual([]);
  });
});

describe('customer ticket screen', () => {
  beforeEach(() => {
    auth.current = { status: 'authenticated', role: 'customer', user: null, customer: { id: 'k1' } as AuthContextValue['customer'] };
  });

  it('?ticket=NO shows the conversation with the reply box and no status controls', async () => {
    renderAt('/customer/support-tickets?ticket=TKT-000042');
    expect(await screen.findByRole('heading', { level: 1, name: 'TKT-000042: Parcel missing' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Reply' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Change status' })).toBeNull();
  });

  it('a closed ticket takes no reply', async () => {
    server.responses['GET /tickets/by-number/TKT-000042'] = { ...ticket, status: 'closed', canReply: false, allowedStatuses: [] };
    renderAt('/customer/support-tickets?ticket=TKT-000042');
    expect(await screen.findByText('This ticket is closed. Please open a new ticket.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Reply' })).toBeNull();
  });

  it('creates a ticket from the New Ticket form and opens it', async () => {
    server.responses['GET /tickets/departments'] = { data: ['General', 'Billing'] };
    server.responses['POST /tickets'] = ticket;
    renderAt('/customer/support-tickets');
    fireEvent.click(screen.getByRole('button', { name: 'New Ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Ticket' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
    expect(await within(dialog).findByText('Subject is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Subject' }), { target: { value: 'Parcel missing' } });
    await within(dialog).findByRole('option', { name: 'Billing' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Department' }), { target: { value: 'Billing' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Message' }), { target: { value: 'Where is it?' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/customer/support-tickets?ticket=TKT-000042'));
    expect(server.calls).toContainEqual({ path: '/tickets', method: 'POST', body: { subject: 'Parcel missing', department: 'Billing', message: 'Where is it?' } });
  });
});
