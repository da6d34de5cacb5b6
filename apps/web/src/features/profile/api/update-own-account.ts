import { useMutation } from '@tanstack/react-query';
import type { StaffProfileInput } from '@parceldesk/shared/schemas/profile';
import { authApi } from '../../../lib/auth-api';

/** PUT /users/{id}: the signed-in staff member's own name and email. */
export function useUpdateOwnProfile(userId: string) {
  return useMutation({ mutationFn: (input: StaffProfileInput) => authApi.updateOwnProfile(userId, input) });
}

/** PUT /users/{id}/password: a 401 here means the current password was wrong, not a lost session. */
export function useUpdateOwnPassword(userId: string) {
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) => authApi.updateOwnPassword(userId, input),
  });
}
