import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateNetworkCourierInput, NetworkCourierDetail, UpdateNetworkCourierInput } from '@parceldesk/shared/schemas/people';
import { dataTableQueryKey } from '../../../components/data-table/use-table-data';
import { api } from '../../../lib/api-client';

export const COURIERS_ENDPOINT = '/network/couriers';
const path = (id: string, action = '') => `${COURIERS_ENDPOINT}/${encodeURIComponent(id)}${action}`;
export const courierCustomersEndpoint = (id: string) => path(id, '/customers');

export const courierQuery = (id: string) =>
  queryOptions({
    queryKey: ['couriers', 'detail', id],
    queryFn: ({ signal }) => api<NetworkCourierDetail>(path(id), { signal }),
  });

export const useCourier = (id: string) => useQuery(courierQuery(id));

function useCourierChange<TInput>(send: (input: TInput) => Promise<NetworkCourierDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (courier) => {
      client.setQueryData(courierQuery(courier.id).queryKey, courier);
      void client.invalidateQueries({ queryKey: dataTableQueryKey(COURIERS_ENDPOINT) });
      void client.invalidateQueries({ queryKey: ['options'] });
    },
  });
}

/** The first admin is invited by email to choose a password. */
export const useCreateCourier = () =>
  useCourierChange((input: CreateNetworkCourierInput) => api<NetworkCourierDetail>(COURIERS_ENDPOINT, { method: 'POST', body: input }));

export const useUpdateCourier = (id: string) =>
  useCourierChange((input: UpdateNetworkCourierInput) => api<NetworkCourierDetail>(path(id), { method: 'PUT', body: input }));

/** A suspended courier's users and customers cannot sign in (issue 3). */
export const useSetCourierSuspended = (id: string) =>
  useCourierChange((suspend: boolean) => api<NetworkCourierDetail>(path(id, suspend ? '/suspend' : '/reactivate'), { method: 'POST' }));
