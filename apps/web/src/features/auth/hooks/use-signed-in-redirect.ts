import { useEffect, useRef, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { takePostLoginTarget, useAuth } from '../../../lib/auth-context';

/**
 * A user who is already signed in and opens a login page goes where they belong. The returned
 * ref marks a sign-in in flight on this page: that flow navigates by itself (the customer login
 * first waits 500 ms and checks the token, spec section 4), so this hook must not race it.
 */
export function useSignedInRedirect(skip = false): RefObject<boolean> {
  const auth = useAuth();
  const navigate = useNavigate();
  const signingIn = useRef(false);

  useEffect(() => {
    if (skip || signingIn.current || auth.status !== 'authenticated' || !auth.role) return;
    navigate(takePostLoginTarget(auth.role), { replace: true });
  }, [skip, auth.status, auth.role, navigate]);

  return signingIn;
}
