import { useMutation } from '@tanstack/react-query';
import type { ResponseOf } from '@parceldesk/shared/contract';
import type { UpdateOwnCustomerProfileInput } from '@parceldesk/shared/schemas/customers';
import { api } from '../../../lib/api-client';

/** PUT /customers/profile: the signed-in customer's own details. */
export function useUpdateCustomerProfile() {
  return useMutation({
    mutationFn: (input: UpdateOwnCustomerProfileInput) =>
      api<ResponseOf<'PUT /customers/profile'>>('/customers/profile', { method: 'PUT', body: input }),
  });
}
