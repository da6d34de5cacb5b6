import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  bankDetailsSchema, CompanyInfoInput, CourierSettings, shippingAddressesSchema,
} from '@parceldesk/shared/schemas/settings';
import type { ResponseOf } from '@parceldesk/shared/contract';
import { api } from '../../../lib/api-client';

/** GET /couriers/{id}: what tab 0 and tab 4 edit. */
export type { CourierSettings };

export type ShippingAddressesInput = z.infer<typeof shippingAddressesSchema>;
export type BankDetailsInput = z.infer<typeof bankDetailsSchema>;

const path = (courierId: string) => `/couriers/${encodeURIComponent(courierId)}`;

export const courierSettingsQuery = (courierId: string) => queryOptions({
  queryKey: ['settings', 'courier', courierId],
  queryFn: ({ signal }) => api<ResponseOf<'GET /couriers/:id'>>(path(courierId), { signal }).then((r) => r.data),
});

export function useCourierSettings(courierId: string) {
  return useQuery(courierSettingsQuery(courierId));
}

/** A change to the courier row; the form refetches the saved values afterwards. */
function useCourierMutation<TInput, TResult>(courierId: string, send: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: courierSettingsQuery(courierId).queryKey }),
  });
}

/** PUT /couriers/{id}: the company name and its admin's name and email. */
export const useUpdateCompany = (courierId: string) =>
  useCourierMutation(courierId, (input: CompanyInfoInput) => api<ResponseOf<'PUT /couriers/:id'>>(path(courierId), { method: 'PUT', body: input }));

/** POST /couriers/{id}/logo, multipart field `logo`. */
export const useUploadLogo = (courierId: string) =>
  useCourierMutation(courierId, (file: File) => {
    const body = new FormData();
    body.append('logo', file);
    return api<ResponseOf<'POST /couriers/:id/logo'>>(`${path(courierId)}/logo`, { method: 'POST', body });
  });

export const useUpdateShippingAddresses = (courierId: string) =>
  useCourierMutation(courierId, (input: ShippingAddressesInput) =>
    api<ResponseOf<'PUT /couriers/:id/shipping-addresses'>>(`${path(courierId)}/shipping-addresses`, { method: 'PUT', body: input }));

export const useUpdateBankDetails = (courierId: string) =>
  useCourierMutation(courierId, (input: BankDetailsInput) =>
    api<ResponseOf<'PUT /couriers/:id/bank-details'>>(`${path(courierId)}/bank-details`, { method: 'PUT', body: input }));
