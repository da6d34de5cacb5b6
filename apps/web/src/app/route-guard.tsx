import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Center, Loader } from '@mantine/core';
import { ROLE_HOME, loginPathFor, type Role } from '@parceldesk/shared/roles';
import { useAuth } from '../lib/auth-context';
import { storage } from '../lib/storage';

export function FullPageSpinner() {
  return (
    <Center h="100vh" role="status" aria-live="polite">
      <Loader aria-label="Checking your session" />
    </Center>
  );
}

/**
 * Spec sections 2 and 4: a spinner while checking; an anonymous visitor's path is saved and they
 * go to the login page of the path's prefix; a signed-in user of another role goes to their area.
 */
export function RouteGuard({ roles, children }: { roles?: readonly Role[]; children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  const path = `${location.pathname}${location.search}`;

  useEffect(() => {
    if (auth.status === 'authenticated') void auth.checkAuth();
  }, [location.pathname]); // eslint-disable-line react-hooks/exhaustive-deps -- re-check on navigation only; checkAuth throttles itself

  if (auth.status === 'loading') return <FullPageSpinner />;
  if (auth.status === 'anonymous' || !auth.role) {
    storage.setRedirect(path);
    return <Navigate to={loginPathFor(location.pathname)} replace />;
  }
  if (roles && !roles.includes(auth.role)) {
    return <Navigate to={ROLE_HOME[auth.role] ?? '/login'} replace />;
  }
  return <>{children}</>;
}
