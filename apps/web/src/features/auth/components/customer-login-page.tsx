import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Anchor, Center, Loader, Text } from '@mantine/core';
import { APP_NAME, LOGIN_TOKEN_CHECK_DELAY_MS } from '@parceldesk/shared/constants';
import { MSG } from '@parceldesk/shared/messages';
import type { LoginInput } from '@parceldesk/shared/schemas/auth';
import { takePostLoginTarget, useAuth } from '../../../lib/auth-context';
import { useBranding } from '../../../lib/branding';
import { storage } from '../../../lib/storage';
import { withApiKey } from '../../../lib/api-key-path';
import { useImpersonationToken } from '../hooks/use-impersonation-token';
import { useSignedInRedirect } from '../hooks/use-signed-in-redirect';
import { signInErrorMessage } from '../sign-in-error';
import { AuthShell } from './auth-shell';
import { LoginForm } from './login-form';
import { ForgotPasswordDialogOnDemand, LoginNoticeOnDemand } from './on-demand-dialogs';
import { PendingSignIn } from './pending-sign-in';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** /login: the courier-branded customer portal (spec section 2, customer login). */
export function CustomerLoginPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { courier, apiKey: brandedKey, loading } = useBranding();
  const apiKey = params.get('api_key') ?? brandedKey;
  const tokenPending = useImpersonationToken();
  const signingIn = useSignedInRedirect(tokenPending);
  const [error, setError] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);

  const signIn = async (values: LoginInput) => {
    setError(null);
    signingIn.current = true;
    try {
      const role = await auth.loginCustomer({ ...values, api_key: apiKey });
      // Spec section 4: wait 500 ms, then make sure the token really was stored.
      await wait(LOGIN_TOKEN_CHECK_DELAY_MS);
      if (!storage.getToken()) throw new Error(MSG.tokenNotFoundAfterLogin);
      navigate(takePostLoginTarget(role), { replace: true });
    } catch (failure) {
      signingIn.current = false;
      setError(signInErrorMessage(failure, MSG.loginFailedCustomer));
    }
  };

  if (tokenPending) return <PendingSignIn />;
  if (loading) {
    return (
      <Center h="100vh" role="status">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  return (
    <AuthShell title={courier?.name ?? APP_NAME} logoUrl={courier?.logo_url} subtitle="Sign in to your account">
      <LoginForm withRememberMe onSubmit={signIn} error={error} onForgotPassword={() => setForgotOpen(true)} />
      <Text size="sm" ta="center">
        Don't have an account?{' '}
        <Anchor component={Link} to={withApiKey('/register', apiKey)}>Sign up</Anchor>
      </Text>
      {/* Issue 11: the public tracking page, for anyone holding a tracking or package number. */}
      <Text size="sm" ta="center">
        <Anchor component={Link} to={withApiKey('/track', apiKey)}>Track a package</Anchor>
      </Text>
      <ForgotPasswordDialogOnDemand opened={forgotOpen} onClose={() => setForgotOpen(false)} apiKey={apiKey} />
      <LoginNoticeOnDemand courier={courier} />
    </AuthShell>
  );
}
