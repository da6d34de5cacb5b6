import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@parceldesk/shared/contract';
import { toCents } from '@parceldesk/shared/domain/money';
import type { CustomsCalculatorForm } from '@parceldesk/shared/schemas/pricing-settings';
import { api } from '../../../lib/api-client';

export type CustomsEstimate = ResponseOf<'GET /customs/estimate'>;
export type CustomsOptions = ResponseOf<'GET /customs/options'>;

export const customsOptionsQuery = queryOptions({
  queryKey: ['customs', 'options'],
  queryFn: ({ signal }) => api<CustomsOptions>('/customs/options', { signal }),
});

export const useCustomsOptions = () => useQuery(customsOptionsQuery);

/** The query string of GET /customs/estimate: dollars typed in the form, cents on the wire. */
export function estimatePath(form: CustomsCalculatorForm): string {
  const params = new URLSearchParams({
    itemValueCents: String(toCents(form.itemValue)),
    shippingCostCents: String(toCents(form.shippingCost ?? 0)),
    weightLbs: String(form.weight),
    service: form.service,
    category: form.category,
  });
  if (form.insurance !== undefined) params.set('insuranceCents', String(toCents(form.insurance)));
  if (form.length !== undefined && form.width !== undefined && form.height !== undefined) {
    params.set('lengthIn', String(form.length));
    params.set('widthIn', String(form.width));
    params.set('heightIn', String(form.height));
  }
  return `/customs/estimate?${params.toString()}`;
}

export const useCustomsEstimate = () => useMutation({
  mutationFn: (form: CustomsCalculatorForm) => api<CustomsEstimate>(estimatePath(form)),
});
