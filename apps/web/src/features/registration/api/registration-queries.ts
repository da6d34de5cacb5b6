import { queryOptions } from '@tanstack/react-query';
import type { ResponseOf } from '@parceldesk/shared/contract';
import { api } from '../../../lib/api-client';

export type PublicBranch = ResponseOf<'GET /branches/public/:courierId'>['data'][number];
export type CourierOption = ResponseOf<'GET /couriers/all'>['couriers'][number];

/** GET /couriers/validate/{apiKey}: the courier the customer signs up with (spec section 7). */
export const courierByKeyQuery = (apiKey: string) => queryOptions({
  queryKey: ['couriers', 'validate', apiKey],
  queryFn: ({ signal }) => api<ResponseOf<'GET /couriers/validate/:apiKey'>>(`/couriers/validate/${encodeURIComponent(apiKey)}`, { signal }).then((r) => r.data),
});

/** GET /branches/public/{courierId}: the branches a customer may pick. */
export const publicBranchesQuery = (courierId: string) => queryOptions({
  queryKey: ['branches', 'public', courierId],
  queryFn: ({ signal }) => api<ResponseOf<'GET /branches/public/:courierId'>>(`/branches/public/${encodeURIComponent(courierId)}`, { signal }).then((r) => r.data),
});

/** GET /couriers/all: offered when the page was opened without a courier. */
export const publicCouriersQuery = queryOptions({
  queryKey: ['couriers', 'public'],
  queryFn: ({ signal }) => api<ResponseOf<'GET /couriers/all'>>('/couriers/all', { signal }).then((r) => r.couriers),
});
