import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import { ApiError } from '../../../../lib/api-client';
import type { EmailConfig } from '../../api/email-config';
import { renderSettings } from '../../test/render-settings';
import { EmailConfigForm, PASSWORD_KEPT } from './email-config-form';
import { TestEmailModal } from './test-email-modal';
import '../../../../test/contract-api';

const mocks = vi.hoisted(() => ({ api: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../lib/api-client')>()),
  api: (await import('../../../../test/contract-api')).contractChecked(mocks.api),
}));
vi.mock('../../../../lib/toast', () => ({ notify: { success: mocks.success, error: mocks.error } }));

const SAVED: EmailConfig = {
  smtp_host: 'smtp.island.test', smtp_port: 587, smtp_user: 'mailer', from_email: 'no-reply@island.test',
  from_name: 'Island Express', status: 'active', has_password: true,
};
const PATH = '/settings/couriers/c1/email-config';

beforeEach(() => vi.clearAllMocks());

describe('EmailConfigForm', () => {
  it('requires every field, the password too when none is stored', async () => {
    const { user } = renderSettings(<EmailConfigForm courierId="c1" config={null} />);
    await user.click(screen.getByRole('button', { name: 'Save Configuration' }));
    for (const message of [SETTINGS_MSG.smtpHostRequired, SETTINGS_MSG.smtpPortInvalid, SETTINGS_MSG.smtpUserRequired,
      SETTINGS_MSG.smtpPasswordRequired, SETTINGS_MSG.fromEmailInvalid, SETTINGS_MSG.fromNameRequired]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(screen.getByPlaceholderText('587')).toBeTruthy();
    expect(mocks.api).not.toHaveBeenCalled();
  });

  it('keeps a stored password when the field is left empty', async () => {
    mocks.api.mockResolvedValue({ success: true, message: SETTINGS_MSG.emailConfigSaved });
    const { user } = renderSettings(<EmailConfigForm courierId="c1" config={SAVED} />);
    expect(screen.getByText(PASSWORD_KEPT)).toBeTruthy();
    await user.selectOptions(screen.getByLabelText(/^Status/), 'inactive');
    await user.click(screen.getByRole('button', { name: 'Save Configuration' }));
    await waitFor(() => expect(mocks.success).toHaveBeenCalledWith(SETTINGS_MSG.emailConfigSaved));
    expect(mocks.api).toHaveBeenCalledWith(PATH, {
      method: 'POST',
      body: { smtp_host: 'smtp.island.test', smtp_port: 587, smtp_user: 'mailer', smtp_password: '', from_email: 'no-reply@island.test', from_name: 'Island Express', status: 'inactive' },
    });
  });

  it("shows the server's refusal, else the spec fallback", async () => {
    mocks.api.mockRejectedValueOnce(new ApiError(400, 'SMTP host resolves to a private address'));
    const { user } = renderSettings(<EmailConfigForm courierId="c1" config={SAVED} />);
    await user.click(screen.getByRole('button', { name: 'Save Configuration' }));
    await waitFor(() => expect(mocks.error).toHaveBeenCalledWith('SMTP host resolves to a private address'));
    mocks.api.mockRejectedValueOnce(new Error('offline'));
    await user.click(screen.getByRole('button', { name: 'Save Configuration' }));
    await waitFor(() => expect(mocks.error).toHaveBeenLastCalledWith(SETTINGS_MSG.emailConfigFailed));
  });
});

describe('TestEmailModal', () => {
  const field = () => screen.getByLabelText('Test Email Address') as HTMLInputElement;

  it('asks for an address, then a valid one', async () => {
    const { user } = renderSettings(<TestEmailModal opened courierId="c1" onClose={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Send Test Email' }));
    expect(await screen.findByText(SETTINGS_MSG.testEmailRequired)).toBeTruthy();
    await user.type(field(), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send Test Email' }));
    expect(await screen.findByText(SETTINGS_MSG.testEmailInvalid)).toBeTruthy();
    expect(mocks.api).not.toHaveBeenCalled();
  });

  it("sends, shows the server's answer and closes", async () => {
    mocks.api.mockResolvedValue({ success: true, message: 'Test email sent to ann@example.com (250 OK)' });
    const onClose = vi.fn();
    const { user } = renderSettings(<TestEmailModal opened courierId="c1" onClose={onClose} />);
    await user.type(field(), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Test Email' }));
    await waitFor(() => expect(mocks.success).toHaveBeenCalledWith('Test email sent to ann@example.com (250 OK)'));
    expect(mocks.api).toHaveBeenCalledWith(`${PATH}/test`, { method: 'POST', body: { test_email: 'ann@example.com' } });
    expect(onClose).toHaveBeenCalled();
  });

  it("reports the SMTP server's refusal, else the spec fallback", async () => {
    mocks.api.mockRejectedValueOnce(new ApiError(502, '535 Authentication failed')).mockRejectedValueOnce(new Error('offline'));
    const { user } = renderSettings(<TestEmailModal opened courierId="c1" onClose={vi.fn()} />);
    await user.type(field(), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Test Email' }));
    await waitFor(() => expect(mocks.error).toHaveBeenCalledWith('535 Authentication failed'));
    await user.click(screen.getByRole('button', { name: 'Send Test Email' }));
    await waitFor(() => expect(mocks.error).toHaveBeenLastCalledWith(SETTINGS_MSG.testEmailFailed));
  });

  it('clears the address on cancel', async () => {
    const onClose = vi.fn();
    const { user } = renderSettings(<TestEmailModal opened courierId="c1" onClose={onClose} />);
    await user.type(field(), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(field().value).toBe('');
  });
});
