import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /couriers/{id}: the customer's courier, of which the dashboard shows the bank details. */
export const courierBankDetailsQuery = (courierId: string) => queryOptions({
  queryKey: ['couriers', courierId, 'bank-details'],
  queryFn: ({ signal }) =>
    api<{ data: { bank_details: string | null } }>(`/couriers/${encodeURIComponent(courierId)}`, { signal }).then((r) => r.data.bank_details ?? null),
});

export const useCourierBankDetails = (courierId: string) => useQuery(courierBankDetailsQuery(courierId));
