import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, within } from '@testing-library/react';
import { TICKET_TRANSITIONS, type TicketStatus } from '@parceldesk/shared/domain/ticket-status';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { StatusActions, statusActionLabel } from './status-actions';

// Mantine renders slowly when the whole suite runs at once: wait longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

const server = vi.hoisted(() => ({ calls: [] as { path: string; body: unknown }[], error: null as Error | null }));
vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  api: vi.fn(async (path: string, options: { body?: unknown } = {}) => {
    server.calls.push({ path, body: options.body });
    if (server.error) throw server.error;
    return { id: 't1' };
  }),
}));
vi.mock('../../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

beforeEach(() => {
  server.calls = [];
  server.error = null;
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
