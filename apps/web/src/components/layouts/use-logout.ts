import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../lib/auth-context';
import { storage } from '../../lib/storage';

export type ShellArea = 'superadmin' | 'admin' | 'staff' | 'customer';

/** Each area's login page; a customer returns to their courier's portal (api_key kept). */
export function loginPageFor(area: ShellArea, apiKey: string | null): string {
  if (area !== 'customer') return `/${area}/login`;
  return apiKey ? `/login?api_key=${encodeURIComponent(apiKey)}` : '/login';
}

export function useLogout(area: ShellArea) {
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isLoggingOut, setIsLoggingOut] = useState(false);

  const logout = useCallback(async () => {
    setIsLoggingOut(true);
    const target = loginPageFor(area, storage.getApiKey());
    await auth.logout();
    // Another account may sign in next on this browser: drop the previous user's cached data.
    queryClient.clear();
    // A deliberate sign-out is not an expiry: do not send the next sign-in back to this page.
    storage.clearRedirect();
    navigate(target, { replace: true });
  }, [area, auth, navigate, queryClient]);

  return { logout, isLoggingOut };
}
