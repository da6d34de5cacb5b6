import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { MSG } from '@parceldesk/shared/messages';
import { ROLE_DASHBOARD } from '@parceldesk/shared/roles';
import { useAuth } from '../../../lib/auth-context';
import { notify } from '../../../lib/toast';
import { signInErrorMessage } from '../sign-in-error';

/**
 * Spec section 4: a `?token=` in the URL signs in by impersonation. Success toasts and opens the
 * role's dashboard; failure toasts the reason and drops the token from the URL.
 * Returns whether a token sign-in is pending, so the page can hold back its form.
 */
export function useImpersonationToken(enabled = true): boolean {
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const token = enabled ? params.get('token') : null;
  // The token is single use: StrictMode's second effect run must not spend it again.
  const started = useRef(false);

  useEffect(() => {
    // Wait for the start-up session check, which could otherwise overwrite the new session.
    if (!token || started.current || auth.status === 'loading') return;
    started.current = true;
    auth.loginWithToken(token).then(
      (role) => {
        notify.success(MSG.impersonationSuccess);
        navigate(ROLE_DASHBOARD[role], { replace: true });
      },
      (error: unknown) => {
        notify.error(signInErrorMessage(error, MSG.impersonationFailed));
        const rest = new URLSearchParams(location.search);
        rest.delete('token');
        const search = rest.toString();
        navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
      },
    );
  }, [token, auth, navigate, location.pathname, location.search]);

  return Boolean(token);
}
