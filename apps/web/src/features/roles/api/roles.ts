import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@parceldesk/shared/contract';
import type { CreateRoleInput, RoleDetail, UpdateRoleInput } from '@parceldesk/shared/schemas/roles';
import { dataTableQueryKey } from '../../../components/data-table/use-table-data';
import { api } from '../../../lib/api-client';

export const ROLES_ENDPOINT = '/roles';
const path = (id: string) => `${ROLES_ENDPOINT}/${encodeURIComponent(id)}`;

export const roleQuery = (id: string) =>
  queryOptions({
    queryKey: ['roles', 'detail', id],
    queryFn: ({ signal }) => api<RoleDetail>(path(id), { signal }),
  });

export const useRole = (id: string) => useQuery(roleQuery(id));

function useRefreshRoles() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: dataTableQueryKey(ROLES_ENDPOINT) });
    void client.invalidateQueries({ queryKey: ['options'] });
  };
}

export function useCreateRole() {
  const refresh = useRefreshRoles();
  return useMutation({
    mutationFn: (input: CreateRoleInput) => api<RoleDetail>(ROLES_ENDPOINT, { method: 'POST', body: input }),
    onSuccess: refresh,
  });
}

export function useUpdateRole(id: string) {
  const client = useQueryClient();
  const refresh = useRefreshRoles();
  return useMutation({
    mutationFn: (input: UpdateRoleInput) => api<RoleDetail>(path(id), { method: 'PUT', body: input }),
    onSuccess: (role) => {
      client.setQueryData(roleQuery(id).queryKey, role);
      refresh();
    },
  });
}

/** A role in use or built in answers 409 with the reason to show. */
export function useDeleteRole(id: string) {
  const client = useQueryClient();
  const refresh = useRefreshRoles();
  return useMutation({
    mutationFn: () => api<ResponseOf<'DELETE /roles/:id'>>(path(id), { method: 'DELETE' }),
    onSuccess: () => {
      client.removeQueries({ queryKey: roleQuery(id).queryKey });
      refresh();
    },
  });
}
