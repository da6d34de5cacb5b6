import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '@mantine/core';
import { APP_NAME, MIN_PASSWORD_LENGTH } from '@parceldesk/shared/constants';
import { MSG } from '@parceldesk/shared/messages';
import { authApi } from '../../../lib/auth-api';
import { useBranding } from '../../../lib/branding';
import { storage } from '../../../lib/storage';
import { notify } from '../../../lib/toast';
import { withApiKey } from '../../../lib/api-key-path';
import { AuthShell } from './auth-shell';
import { InvalidResetLink } from './invalid-reset-link';
import { ResetPasswordForm } from './reset-password-form';

/**
 * /customer-reset-password: a customer portal page branded by the api_key of the link, else the
 * stored one (spec section 2); the branding provider validates the key and supplies the courier.
 */
export function CustomerResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { courier } = useBranding();
  const token = params.get('token');
  const apiKey = params.get('api_key') ?? storage.getApiKey();
  const loginPath = withApiKey('/login', apiKey);
  const brandName = courier?.name ?? APP_NAME;

  if (!token) return <InvalidResetLink loginPath={loginPath} brandName={brandName} logoUrl={courier?.logo_url} />;

  const reset = async (newPassword: string) => {
    await authApi.resetCustomerPassword({ token, newPassword, api_key: apiKey });
    notify.success(MSG.resetSuccess);
    navigate(loginPath, { replace: true });
  };

  return (
    <AuthShell title="Reset Password" brandName={brandName} logoUrl={courier?.logo_url} subtitle={`Choose a new password of at least ${MIN_PASSWORD_LENGTH} characters.`}>
      <ResetPasswordForm onReset={reset} />
      <Button type="button" variant="subtle" fullWidth onClick={() => navigate(loginPath)}>
        Back to Sign In
      </Button>
    </AuthShell>
  );
}
