import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import { TICKET_MSG } from '@parceldesk/shared/schemas/tickets';
import { renderWithProviders } from '../../../test/render';
import { TicketSettingsForm } from './ticket-settings-modal';
import '../../../test/contract-api';

// Mantine renders slowly when the whole suite runs at once: wait longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

const mocks = vi.hoisted(() => ({ api: vi.fn(), success: vi.fn(), error: vi.fn(), done: vi.fn() }));
vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  api: (await import('../../../test/contract-api')).contractChecked(mocks.api),
}));
vi.mock('../../../lib/toast', () => ({ notify: { success: mocks.success, error: mocks.error } }));

beforeEach(() => vi.clearAllMocks());

function setup(settings = { notifyStaffByEmail: false, departments: ['General', 'Billing'] }) {
  const { user } = renderWithProviders(<TicketSettingsForm settings={settings} onDone={mocks.done} />);
  const department = (n: number) => screen.getByLabelText(`Department ${n}`) as HTMLInputElement;
  const save = () => user.click(screen.getByRole('button', { name: 'Save Settings' }));
  return { user, department, save };
}

describe('TicketSettingsForm', () => {
  it('shows the saved departments and email switch, and saves an added department and the switch', async () => {
    mocks.api.mockImplementation(async (_path: string, options: { body: unknown }) => options.body);
    const { user, department, save } = setup();
    expect([department(1).value, department(2).value]).toEqual(['General', 'Billing']);
    const email = screen.getByRole('switch', { name: /^Email staff about new tickets/ }) as HTMLInputElement;
    expect(email.checked).toBe(false);

    await user.click(email);
    await user.click(screen.getByRole('button', { name: 'Add department' }));
    await user.type(department(3), '  Insurance ');
    await save();

    await waitFor(() => expect(mocks.done).toHaveBeenCalled());
    expect(mocks.api).toHaveBeenCalledWith('/tickets/settings', { method: 'PUT', body: { notifyStaffByEmail: true, departments: ['General', 'Billing', 'Insurance'] } });
    expect(mocks.success).toHaveBeenCalledWith(TICKET_MSG.settingsUpdated);
  });

  it('refuses an empty list, an empty name and a name given twice, saying where', async () => {
    const { user, department, save } = setup();
    await user.click(screen.getByRole('button', { name: 'Remove department 2' }));
    await user.click(screen.getByRole('button', { name: 'Remove department 1' }));
    await save();
    expect(await screen.findByText(TICKET_MSG.departmentsRequired)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add department' }));
    await user.click(screen.getByRole('button', { name: 'Add department' }));
    await user.type(department(1), 'Customs');
    await save();
    expect(await screen.findByText('Department names cannot be empty')).toBeTruthy();
    expect(department(2).getAttribute('aria-invalid')).toBe('true');

    await user.type(department(2), 'customs');
    await save();
    expect(await screen.findByText(TICKET_MSG.departmentsDuplicate)).toBeTruthy();
    expect(mocks.api).not.toHaveBeenCalled();
  });

  it('stays open and says why when the server refuses', async () => {
    mocks.api.mockRejectedValue(new Error('Network down'));
    const { save } = setup();
    await save();
    await waitFor(() => expect(mocks.error).toHaveBeenCalled());
    expect(mocks.done).not.toHaveBeenCalled();
  });
});
