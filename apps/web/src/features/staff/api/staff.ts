import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@parceldesk/shared/contract';
import type { StaffRegisterInput } from '@parceldesk/shared/schemas/auth';
import type { StaffDetail, UpdateStaffInput } from '@parceldesk/shared/schemas/staff';
import { dataTableQueryKey } from '../../../components/data-table/use-table-data';
import { api } from '../../../lib/api-client';

export const STAFF_ENDPOINT = '/staff';
const path = (id: string, action = '') => `${STAFF_ENDPOINT}/${encodeURIComponent(id)}${action}`;

export const staffQuery = (id: string) =>
  queryOptions({
    queryKey: ['staff', 'detail', id],
    queryFn: ({ signal }) => api<StaffDetail>(path(id), { signal }),
  });

export const useStaffMember = (id: string) => useQuery(staffQuery(id));

function useRefreshStaff() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: dataTableQueryKey(STAFF_ENDPOINT) });
}

/** Hiring is POST /auth/staff/register; without a password the new user gets an invitation email. */
export function useRegisterStaff() {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: (input: StaffRegisterInput) => api<ResponseOf<'POST /auth/staff/register'>>('/auth/staff/register', { method: 'POST', body: input }),
    onSuccess: () => void refresh(),
  });
}

function useStaffChange<TInput>(id: string, send: (input: TInput) => Promise<StaffDetail>) {
  const client = useQueryClient();
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: send,
    onSuccess: (member) => {
      client.setQueryData(staffQuery(id).queryKey, member);
      void refresh();
    },
  });
}

export const useUpdateStaff = (id: string) =>
  useStaffChange(id, (input: UpdateStaffInput) => api<StaffDetail>(path(id), { method: 'PUT', body: input }));

/** Deactivation revokes the user's sessions at once (issue 3). */
export const useSetStaffActive = (id: string) =>
  useStaffChange(id, (active: boolean) => api<StaffDetail>(path(id, active ? '/reactivate' : '/deactivate'), { method: 'POST' }));

export function useResendInvitation(id: string) {
  return useMutation({ mutationFn: () => api<ResponseOf<'POST /staff/:id/resend-invitation'>>(path(id, '/resend-invitation'), { method: 'POST' }) });
}
