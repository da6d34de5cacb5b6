import { useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@parceldesk/shared/schemas/list-query';
import type { RoleListItem } from '@parceldesk/shared/schemas/roles';
import { api } from '../../../lib/api-client';

export type RoleOption = Pick<RoleListItem, 'id' | 'name' | 'builtin' | 'permissions'>;

/** The courier's roles to hire into; a super admin editing someone names that person's courier. */
export function useRoleOptions(courierId: string | null | undefined, enabled: boolean) {
  const params = new URLSearchParams({ page: '1', pageSize: '100', sort: 'name', order: 'asc' });
  if (courierId) params.set('filters', JSON.stringify({ courierId }));
  const path = `/roles?${params.toString()}`;
  return useQuery({
    queryKey: ['options', path],
    queryFn: ({ signal }) => api<ListResponse<RoleListItem>>(path, { signal }),
    enabled,
    staleTime: 60_000,
    select: (response): RoleOption[] => response.data,
  });
}

/** Built-in roles serve only their own position; custom roles fit either (issue 3). */
export function rolesForPosition(roles: readonly RoleOption[], position: string): RoleOption[] {
  return roles.filter((role) => role.builtin === null || role.builtin === position);
}
