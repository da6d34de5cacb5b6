import { useMutation } from '@tanstack/react-query';
import type { CustomerProfile } from '@parceldesk/shared/schemas/auth';
import type { UpdateOwnCustomerProfileInput } from '@parceldesk/shared/schemas/customers';
import { api } from '../../../lib/api-client';

/** PUT /customers/profile: the signed-in customer's own details. */
export function useUpdateCustomerProfile() {
  return useMutation({
    mutationFn: (input: UpdateOwnCustomerProfileInput) =>
      api<{ customer: CustomerProfile; message?: string }>('/customers/profile', { method: 'PUT', body: input }),
  });
}
