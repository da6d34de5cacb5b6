import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { MEMBERSHIP_LABELS } from '@parceldesk/shared/constants';
import { MSG } from '@parceldesk/shared/messages';
import type { CustomerRegisterInput } from '@parceldesk/shared/schemas/registration';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { renderWithProviders } from '../../../test/render';
import { RegistrationWizard } from './registration-wizard';

vi.mock('../../../lib/toast', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn(), loading: vi.fn(), dismiss: vi.fn() },
}));

const BRANCH = { id: '3f1c2b7e-8a4d-4c5e-9f60-1a2b3c4d5e6f', name: 'Kingston Main' };

function renderWizard(options: { supportsMembership?: boolean; onRegister?: (payload: CustomerRegisterInput) => Promise<void> } = {}) {
  const onRegister = vi.fn(options.onRegister ?? (() => Promise.resolve()));
  const { user } = renderWithProviders(
    <RegistrationWizard supportsMembership={options.supportsMembership ?? false} branches={[BRANCH]} branchesLoading={false} onRegister={onRegister} />,
  );
  return { onRegister, user };
}

const byLabel = (name: string) => screen.getByLabelText(name);
/** Picks from a Mantine Select the way a user does: open it, click the option. */
async function choose(user: UserEvent, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}
const heading = (name: string) => screen.findByRole('heading', { name });
const next = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Next' }));

async function fillPersonal(user: UserEvent) {
  await choose(user, 'Title', 'Ms.');
  await user.type(byLabel('First Name'), 'Ann');
  await user.type(byLabel('Last Name'), 'Lee');
  await user.type(byLabel('TRN'), '123456789');
}

async function fillContact(user: UserEvent, confirm = 'secret-123') {
  await user.type(byLabel('Email'), 'ann@example.com');
  await user.type(byLabel('Phone'), '876-555-0101');
  await user.type(byLabel('Password'), 'secret-123');
  await user.type(byLabel('Confirm Password'), confirm);
}

async function fillAddress(user: UserEvent) {
  await user.type(byLabel('Street Address'), '1 Main St');
  await choose(user, 'Parish', 'Kingston');
  await user.type(byLabel('City'), 'Kingston');
  await choose(user, 'Branch', BRANCH.name);
}

beforeEach(() => vi.mocked(notify.error).mockClear());

describe('RegistrationWizard', () => {
  it('has four steps, starting at Account Type with Previous disabled', async () => {
    renderWizard();
    expect(await heading('Account Type')).toBeTruthy();
    expect(screen.getByText('Step 1 of 4')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('radio', { name: 'Individual' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Business' })).toBeTruthy();
  });

  it('blocks Next on an incomplete step with the spec messages and toast', async () => {
    const { user } = renderWizard();
    await next(user);
    await heading('Personal');
    await next(user);
    expect(await screen.findByText(MSG.firstNameRequired)).toBeTruthy();
    expect(screen.getByText(MSG.lastNameRequired)).toBeTruthy();
    expect(screen.getByText(MSG.trnRequired)).toBeTruthy();
    expect(notify.error).toHaveBeenCalledWith(MSG.stepInvalid);
    expect(screen.getByRole('heading', { name: 'Personal' })).toBeTruthy();
  });

  it('requires a title for individuals at the Personal step', async () => {
    const { user } = renderWizard();
    await next(user);
    await heading('Personal');
    await user.type(byLabel('First Name'), 'Ann');
    await user.type(byLabel('Last Name'), 'Lee');
    await user.type(byLabel('TRN'), '123456789');
    await next(user);
    expect(await screen.findByText(MSG.titleRequired)).toBeTruthy();
  });

  it('asks businesses for a business name instead of a title', async () => {
    const { user } = renderWizard();
    await user.click(screen.getByRole('radio', { name: 'Business' }));
    await next(user);
    await heading('Personal');
    expect(screen.queryByRole('combobox', { name: 'Title' })).toBeNull();
    await user.type(byLabel('First Name'), 'Ann');
    await user.type(byLabel('Last Name'), 'Lee');
    await user.type(byLabel('TRN'), '123456789');
    await next(user);
    expect(await screen.findByText(MSG.businessNameRequired)).toBeTruthy();
    await user.type(byLabel('Business Name'), 'Lee Imports');
    await next(user);
    expect(await heading('Contact')).toBeTruthy();
  });

  it('clears a field error when the field is edited', async () => {
    const { user } = renderWizard();
    await next(user);
    await heading('Personal');
    await next(user);
    expect(await screen.findByText(MSG.firstNameRequired)).toBeTruthy();
    await user.type(byLabel('First Name'), 'A');
    await waitFor(() => expect(screen.queryByText(MSG.firstNameRequired)).toBeNull());
    expect(screen.getByText(MSG.lastNameRequired)).toBeTruthy();
  });

  it('goes back with Previous, keeping what was typed', async () => {
    const { user } = renderWizard();
    await next(user);
    await heading('Personal');
    await user.type(byLabel('First Name'), 'Ann');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await heading('Account Type');
    await next(user);
    expect((byLabel('First Name') as HTMLInputElement).value).toBe('Ann');
  });

  it('checks that the passwords match at the Contact step', async () => {
    const { user } = renderWizard();
    await next(user);
    await heading('Personal');
    await fillPersonal(user);
    await next(user);
    await heading('Contact');
    await fillContact(user, 'secret-124');
    await next(user);
    expect(await screen.findByText(MSG.passwordsDoNotMatch)).toBeTruthy();
  });

  it('inserts the membership step for couriers that support it', async () => {
    const { user } = renderWizard({ supportsMembership: true });
    expect(screen.getByText('Step 1 of 5')).toBeTruthy();
    await next(user);
    expect(await heading('Membership')).toBeTruthy();
    for (const label of Object.values(MEMBERSHIP_LABELS)) expect(screen.getByRole('radio', { name: label })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: MEMBERSHIP_LABELS.student }));
    await next(user);
    expect(await heading('Personal')).toBeTruthy();
  });

  it('creates the account on the last step with the API payload', async () => {
    const { user, onRegister } = renderWizard();
    await next(user);
    await fillPersonal(user);
    await next(user);
    await heading('Contact');
    await fillContact(user);
    await next(user);
    await heading('Address');
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect((byLabel('Country') as HTMLInputElement).value).toBe('Jamaica');
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(onRegister).toHaveBeenCalledTimes(1));
    expect(onRegister.mock.calls[0]?.[0]).toMatchObject({
      accountType: 'individual', title: 'Ms.', businessName: null, firstName: 'Ann', email: 'ann@example.com',
      parish: 'Kingston', country: 'Jamaica', branchId: BRANCH.id, membershipType: 'standard', couponCode: null,
    });
    expect(onRegister.mock.calls[0]?.[0]).not.toHaveProperty('confirmPassword');
  });

  it('puts a server field error on its field and returns to that step', async () => {
    const { user } = renderWizard({
      onRegister: () => Promise.reject(new ApiError(409, MSG.emailTaken, { email: MSG.emailTaken })),
    });
    await next(user);
    await fillPersonal(user);
    await next(user);
    await heading('Contact');
    await fillContact(user);
    await next(user);
    await heading('Address');
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await heading('Contact')).toBeTruthy();
    expect(screen.getByText(MSG.emailTaken)).toBeTruthy();
  });

  it('toasts other failures', async () => {
    const { user } = renderWizard({ onRegister: () => Promise.reject(new ApiError(500, 'internal')) });
    await next(user);
    await fillPersonal(user);
    await next(user);
    await heading('Contact');
    await fillContact(user);
    await next(user);
    await heading('Address');
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(MSG.registrationFailed));
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeTruthy();
  });
});
