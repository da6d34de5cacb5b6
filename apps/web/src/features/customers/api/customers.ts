import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerDetail, UpdateCustomerInput } from '@parceldesk/shared/schemas/customers';
import { dataTableQueryKey } from '../../../components/data-table/use-table-data';
import { api } from '../../../lib/api-client';

export const CUSTOMERS_ENDPOINT = '/customers';
export const BUSINESS_CUSTOMERS_ENDPOINT = '/customers/business';
export const monthEndpoint = (year: number, month: number) => `/customers/month/${year}/${month}`;
const path = (id: string, action = '') => `${CUSTOMERS_ENDPOINT}/${encodeURIComponent(id)}${action}`;

export const customerQuery = (id: string) =>
  queryOptions({
    queryKey: ['customers', 'detail', id],
    queryFn: ({ signal }) => api<CustomerDetail>(path(id), { signal }),
  });

/** A business account read through its own route, open to staff holding customers_business only. */
const businessCustomerQuery = (id: string) =>
  queryOptions({
    queryKey: ['customers', 'detail', id],
    queryFn: ({ signal }) => api<CustomerDetail>(`${BUSINESS_CUSTOMERS_ENDPOINT}/${encodeURIComponent(id)}`, { signal }),
  });

export const useCustomer = (id: string, isBusiness = false) => useQuery(isBusiness ? businessCustomerQuery(id) : customerQuery(id));

/** Every customer list (all, business, by month) starts with /customers in its data-table key. */
function useCustomerChange<TInput>(id: string, send: (input: TInput) => Promise<CustomerDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (customer) => {
      client.setQueryData(customerQuery(id).queryKey, customer);
      void client.invalidateQueries({
        predicate: (query) => query.queryKey[0] === dataTableQueryKey('')[0] && String(query.queryKey[1]).startsWith(CUSTOMERS_ENDPOINT),
      });
    },
  });
}

export const useUpdateCustomer = (id: string) =>
  useCustomerChange(id, (input: UpdateCustomerInput) => api<CustomerDetail>(path(id), { method: 'PUT', body: input }));

export const useChangeCustomerBranch = (id: string) =>
  useCustomerChange(id, (branchId: string) => api<CustomerDetail>(path(id, '/branch'), { method: 'PUT', body: { branchId } }));

export const useSetCustomerActive = (id: string) =>
  useCustomerChange(id, (active: boolean) => api<CustomerDetail>(path(id, active ? '/reactivate' : '/deactivate'), { method: 'POST' }));
