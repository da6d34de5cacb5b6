import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Anchor, Loader, Stack, Text } from '@mantine/core';
import { APP_NAME } from '@parceldesk/shared/constants';
import { MSG } from '@parceldesk/shared/messages';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { AuthShell } from './auth-shell';

/**
 * /register/confirm: the link emailed after a courier sign-up (issue 15). Opening it creates the
 * company and its administrator and signs in; the link works once.
 */
export function ConfirmSignupPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { confirmCourierSignup } = useAuth();
  const token = params.get('token');
  const [failure, setFailure] = useState<string | null>(token ? null : MSG.signupLinkInvalid);
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    confirmCourierSignup(token)
      .then(() => navigate('/admin/dashboard', { replace: true }))
      .catch((error: unknown) => setFailure(errorMessage(error, MSG.signupLinkInvalid)));
  }, [token, confirmCourierSignup, navigate]);

  return (
    <AuthShell title="Finish signing up" brandName={APP_NAME}>
      {failure ? (
        <Stack gap="xs" align="center">
          <Text role="alert" ta="center">{failure}</Text>
          <Anchor component={Link} to="/admin/login" size="sm">Go to sign in</Anchor>
        </Stack>
      ) : (
        <Stack gap="xs" align="center" role="status">
          <Loader size="sm" aria-hidden />
          <Text ta="center">Creating your company…</Text>
        </Stack>
      )}
    </AuthShell>
  );
}
