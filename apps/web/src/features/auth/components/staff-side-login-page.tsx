import { useState } from 'react';
import { useNavigate } from 'react-router';
import { APP_NAME } from '@parceldesk/shared/constants';
import { MSG } from '@parceldesk/shared/messages';
import type { LoginInput } from '@parceldesk/shared/schemas/auth';
import type { Portal } from '../../../lib/auth-api';
import { takePostLoginTarget, useAuth } from '../../../lib/auth-context';
import { useImpersonationToken } from '../hooks/use-impersonation-token';
import { useSignedInRedirect } from '../hooks/use-signed-in-redirect';
import { signInErrorMessage } from '../sign-in-error';
import { AuthShell } from './auth-shell';
import { LoginForm } from './login-form';
import { ForgotPasswordDialogOnDemand } from './on-demand-dialogs';
import { PendingSignIn } from './pending-sign-in';

interface StaffSideLoginPageProps {
  portal: Exclude<Portal, 'customer'>;
  title: string;
  /** Only /admin/login takes an impersonation token (spec section 2, other login portals). */
  acceptsToken?: boolean;
}

/** The courier admin, staff and super admin portals: one form, each with its own sign-in endpoint. */
export function StaffSideLoginPage({ portal, title, acceptsToken = false }: StaffSideLoginPageProps) {
  const auth = useAuth();
  const navigate = useNavigate();
  const tokenPending = useImpersonationToken(acceptsToken);
  const signingIn = useSignedInRedirect(tokenPending);
  const [error, setError] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);

  const signIn = async (values: LoginInput) => {
    setError(null);
    signingIn.current = true;
    try {
      const role = await auth.loginUser(portal, values);
      navigate(takePostLoginTarget(role), { replace: true });
    } catch (failure) {
      signingIn.current = false;
      // Spec section 8: the error text, else 'Login failed' or 'An error occurred during login'.
      setError(signInErrorMessage(failure, MSG.loginFailed, MSG.loginError));
    }
  };

  if (tokenPending) return <PendingSignIn />;
  return (
    <AuthShell title={title} brandName={APP_NAME}>
      <LoginForm onSubmit={signIn} error={error} onForgotPassword={() => setForgotOpen(true)} />
      <ForgotPasswordDialogOnDemand opened={forgotOpen} onClose={() => setForgotOpen(false)} />
    </AuthShell>
  );
}
