import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@parceldesk/shared/contract';
import { api } from '../../../lib/api-client';

/** GET /dashboard/customer: the signed-in customer's parcels by status and recent activity. */
export const customerDashboardQuery = (customerId: string) => queryOptions({
  queryKey: ['dashboard', 'customer', customerId],
  queryFn: ({ signal }) => api<ResponseOf<'GET /dashboard/customer'>>('/dashboard/customer', { signal }),
});

export const useCustomerDashboard = (customerId: string) => useQuery(customerDashboardQuery(customerId));
