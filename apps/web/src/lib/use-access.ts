import { useCallback } from 'react';
import { canAccess, principalOfProfile, type Access } from '@parceldesk/shared/access';
import { useAuth } from './auth-context';

/**
 * The signed-in user's answer to an access declaration, by the same rule as the server's auth hook
 * (shared `canAccess`): a screen never offers what its route would refuse.
 */
export function useCanAccess(): (access: Access) => boolean {
  const { user, customer } = useAuth();
  return useCallback((access: Access) => canAccess(principalOfProfile(user ?? customer), access), [user, customer]);
}
