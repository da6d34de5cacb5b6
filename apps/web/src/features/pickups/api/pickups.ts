import { queryOptions, useMutation } from '@tanstack/react-query';
import type { AuthorisationLetter, CounterLookup, CreatePickup, CreatePickupResponse } from '@parceldesk/shared/schemas/pickups';
import { AUTHORISATION_LETTER_FIELD } from '@parceldesk/shared/schemas/pickups';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';

/** What the counter looks up: a scanned or typed code, or a customer chosen among several of one name. */
export interface CounterSearch {
  code?: string;
  customerId?: string;
}

/** GET /counter/lookup: the customer's ready parcels with their invoices. */
export const counterLookupQuery = (search: CounterSearch) =>
  queryOptions({
    queryKey: ['counter', 'lookup', search.customerId ?? null, search.code ?? null],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      if (search.customerId) params.set('customerId', search.customerId);
      else if (search.code) params.set('code', search.code);
      return api<CounterLookup>(`/counter/lookup?${params.toString()}`, { signal });
    },
    // The counter shows what is owed now: a payment taken a moment ago must show.
    staleTime: 0,
  });

/** POST /pickups/authorisation-letters (multipart `letter`). */
export function uploadAuthorisationLetter(file: File): Promise<AuthorisationLetter> {
  const form = new FormData();
  form.append(AUTHORISATION_LETTER_FIELD, file);
  return api<AuthorisationLetter>('/pickups/authorisation-letters', { method: 'POST', body: form });
}

/** POST /pickups with the page's Idempotency-Key, so a double tap or a retry releases once. */
export const useReleasePickup = (idempotencyKey: string) =>
  useMutation({
    mutationFn: (body: CreatePickup) => api<CreatePickupResponse>('/pickups', { method: 'POST', body, headers: { 'idempotency-key': idempotencyKey } }),
  });

/** GET /pickups/{id}/receipt: the printable receipt (PDF) with the signature. */
export function downloadPickupReceipt(id: string, pickupNumber: string): Promise<string> {
  return downloadFile(`/pickups/${encodeURIComponent(id)}/receipt`, { fallbackName: `receipt-${pickupNumber}.pdf` });
}
