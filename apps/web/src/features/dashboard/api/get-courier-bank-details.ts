import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@parceldesk/shared/contract';
import { api } from '../../../lib/api-client';

/** GET /couriers/{id}: the customer's courier, of which the dashboard shows the bank details. */
export const courierBankDetailsQuery = (courierId: string) => queryOptions({
  queryKey: ['couriers', courierId, 'bank-details'],
  queryFn: ({ signal }) =>
    api<ResponseOf<'GET /couriers/:id'>>(`/couriers/${encodeURIComponent(courierId)}`, { signal }).then((r) => r.data.bank_details),
});

export const useCourierBankDetails = (courierId: string) => useQuery(courierBankDetailsQuery(courierId));
