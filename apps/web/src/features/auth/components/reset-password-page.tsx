import { useNavigate, useSearchParams } from 'react-router';
import { APP_NAME, MIN_PASSWORD_LENGTH } from '@parceldesk/shared/constants';
import { MSG } from '@parceldesk/shared/messages';
import { authApi } from '../../../lib/auth-api';
import { notify } from '../../../lib/toast';
import { AuthShell } from './auth-shell';
import { InvalidResetLink } from './invalid-reset-link';
import { ResetPasswordForm } from './reset-password-form';

/** /reset-password: staff-side users set a new password from the emailed link (spec section 2). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');

  if (!token) return <InvalidResetLink loginPath="/login" brandName={APP_NAME} />;

  const reset = async (newPassword: string) => {
    await authApi.resetPassword({ token, newPassword });
    notify.success(MSG.resetSuccess);
    navigate('/login', { replace: true });
  };

  return (
    <AuthShell title="Reset Password" brandName={APP_NAME} subtitle={`Choose a new password of at least ${MIN_PASSWORD_LENGTH} characters.`}>
      <ResetPasswordForm onReset={reset} />
    </AuthShell>
  );
}
