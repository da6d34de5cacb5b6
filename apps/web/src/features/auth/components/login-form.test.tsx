import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MSG } from '@parceldesk/shared/messages';
import type { LoginInput } from '@parceldesk/shared/schemas/auth';
import { renderWithProviders } from '../../../test/render';
import { LoginForm } from './login-form';

function renderForm(props: Partial<Parameters<typeof LoginForm>[0]> = {}) {
  const onSubmit = props.onSubmit ?? vi.fn<(values: LoginInput) => Promise<void>>().mockResolvedValue(undefined);
  const { user } = renderWithProviders(<LoginForm onSubmit={onSubmit} error={null} onForgotPassword={vi.fn()} {...props} />);
  return { onSubmit, user };
}

describe('LoginForm', () => {
  it('requires email and password with the spec messages', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(MSG.emailRequired)).toBeTruthy();
    expect(screen.getByText(MSG.passwordRequired)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('rejects a malformed email', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(MSG.invalidEmail)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the normalised email, password and remember-me, reading "Signing in..." meanwhile', async () => {
    let finish: () => void = () => undefined;
    const onSubmit = vi.fn<(values: LoginInput) => Promise<void>>(() => new Promise<void>((resolve) => { finish = resolve; }));
    const { user } = renderForm({ onSubmit, withRememberMe: true });
    await user.type(screen.getByLabelText('Email'), ' Ann@Example.COM ');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeTruthy();
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ email: 'ann@example.com', password: 'secret123', rememberMe: true });
    finish();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy());
  });

  it('shows the failure in an alert', () => {
    renderForm({ error: MSG.loginFailedCustomer });
    expect(screen.getByRole('alert').textContent).toContain(MSG.loginFailedCustomer);
  });

  it('labels only the input "Password" and toggles its visibility', async () => {
    const { user } = renderForm();
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show characters' }));
    expect(input.getAttribute('type')).toBe('text');
  });

  it('offers the remember-me checkbox only where asked', () => {
    renderForm();
    expect(screen.queryByLabelText('Remember me')).toBeNull();
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toBeTruthy();
  });
});
