import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  courierValidationSchema, publicBranchListSchema, publicCourierListSchema,
} from '@parceldesk/shared/schemas/couriers';
import { api } from '../../../lib/api-client';

type CourierValidation = z.infer<typeof courierValidationSchema>;
type BranchList = z.infer<typeof publicBranchListSchema>;
type CourierList = z.infer<typeof publicCourierListSchema>;
export type PublicBranch = BranchList['data'][number];
export type CourierOption = CourierList['couriers'][number];

/** GET /couriers/validate/{apiKey}: the courier the customer signs up with (spec section 7). */
export const courierByKeyQuery = (apiKey: string) => queryOptions({
  queryKey: ['couriers', 'validate', apiKey],
  queryFn: ({ signal }) => api<CourierValidation>(`/couriers/validate/${encodeURIComponent(apiKey)}`, { signal }).then((r) => r.data),
});

/** GET /branches/public/{courierId}: the branches a customer may pick. */
export const publicBranchesQuery = (courierId: string) => queryOptions({
  queryKey: ['branches', 'public', courierId],
  queryFn: ({ signal }) => api<BranchList>(`/branches/public/${encodeURIComponent(courierId)}`, { signal }).then((r) => r.data),
});

/** GET /couriers/all: offered when the page was opened without a courier. */
export const publicCouriersQuery = queryOptions({
  queryKey: ['couriers', 'public'],
  queryFn: ({ signal }) => api<CourierList>('/couriers/all', { signal }).then((r) => r.couriers),
});
