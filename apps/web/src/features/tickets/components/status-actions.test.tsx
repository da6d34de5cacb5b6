import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, within } from '@testing-library/react';
import { TICKET_TRANSITIONS, type TicketStatus } from '@parceldesk/shared/domain/ticket-status';
import type { TicketDetail } from '@parceldesk/shared/schemas/tickets';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { StatusActions, statusActionLabel } from './status-actions';
import '../../../test/contract-api';

// Mantine renders slowly when the whole suite runs at once: wait longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

const server = vi.hoisted(() => ({ calls: [] as { path: string; body: unknown }[], error: null as Error | null, answer: null as unknown }));
vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  api: (await import('../../../test/contract-api')).contractChecked(vi.fn(async (path: string, options: { body?: unknown } = {}) => {
    server.calls.push({ path, body: options.body });
    if (server.error) throw server.error;
    return server.answer;
  })),
}));
vi.mock('../../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

/** PUT /tickets/{id}/status answers the ticket as it now stands. */
const moved: TicketDetail = {
  id: 't1', ticket_no: 'TKT-000001', subject: 'Parcel missing', department: 'Shipping', status: 'resolved',
  customer: { id: 'k1', firstName: 'Tanya', lastName: 'Campbell', email: 'tanya@example.com', mailboxNumber: 'ISL-0001' },
  courierId: 'c1', courierName: 'Island Express', createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T11:00:00.000Z',
  messages: [], canReply: true, allowedStatuses: ['in_progress', 'closed'],
};

beforeEach(() => {
  server.calls = [];
  server.error = null;
  server.answer = moved;
});

function renderActions(status: TicketStatus, allowed: readonly TicketStatus[]) {
  renderWithProviders(<StatusActions ticketId="t1" status={status} allowed={allowed} />);
}

const buttonNames = () => {
  const group = screen.queryByRole('group', { name: 'Change status' });
  return group ? within(group).getAllByRole('button').map((button) => button.textContent) : [];
};

describe('StatusActions', () => {
  it.each([
    ['pending', ['Mark In Progress', 'Mark Resolved', 'Close Ticket']],
    ['in_progress', ['Mark Resolved', 'Close Ticket']],
    ['resolved', ['Reopen', 'Close Ticket']],
    ['closed', ['Reopen']],
  ] as const)('offers exactly the allowed moves from %s', (status, expected) => {
    renderActions(status, TICKET_TRANSITIONS[status]);
    expect(buttonNames()).toEqual(expected);
  });

  it('offers nothing when the viewer may not change the status', () => {
    renderActions('pending', []);
    expect(screen.queryByRole('group', { name: 'Change status' })).toBeNull();
  });

  it('sends the chosen status', async () => {
    renderActions('pending', TICKET_TRANSITIONS.pending);
    fireEvent.click(screen.getByRole('button', { name: 'Mark Resolved' }));
    await vi.waitFor(() => expect(server.calls).toEqual([{ path: '/tickets/t1/status', body: { status: 'resolved' } }]));
  });

  it("shows the server's refusal", async () => {
    server.error = new ApiError(409, 'A ticket cannot move from Closed to Resolved');
    renderActions('in_progress', TICKET_TRANSITIONS.in_progress);
    fireEvent.click(screen.getByRole('button', { name: 'Mark Resolved' }));
    expect((await screen.findByRole('alert')).textContent).toContain('A ticket cannot move from Closed to Resolved');
  });

  it('labels reopening differently from starting work', () => {
    expect(statusActionLabel('pending', 'in_progress')).toBe('Mark In Progress');
    expect(statusActionLabel('closed', 'in_progress')).toBe('Reopen');
  });
});
