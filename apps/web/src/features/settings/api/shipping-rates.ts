import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ResponseOf } from '@parceldesk/shared/contract';
import type { shippingRateSchema, ShippingRateView } from '@parceldesk/shared/schemas/settings';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';

export type ShippingRate = ShippingRateView;
export type ShippingRateValues = z.output<typeof shippingRateSchema>;

export type { BulkUploadResult, InvalidRateRow } from '@parceldesk/shared/schemas/settings-responses';

const BASE = '/settings/shipping-rates';

export const shippingRatesQuery = queryOptions({
  queryKey: ['settings', 'shipping-rates'],
  queryFn: ({ signal }) => api<ResponseOf<'GET /settings/shipping-rates'>>(BASE, { signal }).then((r) => r.data),
});

export const useShippingRates = () => useQuery(shippingRatesQuery);

function useRatesMutation<TInput, TResult>(send: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: shippingRatesQuery.queryKey }),
  });
}

/** POST /settings/shipping-rates, or PUT /settings/shipping-rates/{id} when editing. */
export const useSaveShippingRate = () =>
  useRatesMutation(({ id, values }: { id: string | null; values: ShippingRateValues }) =>
    api<ResponseOf<'POST /settings/shipping-rates'>>(id ? `${BASE}/${encodeURIComponent(id)}` : BASE, { method: id ? 'PUT' : 'POST', body: values }));

export const useDeleteShippingRate = () =>
  useRatesMutation((id: string) => api<ResponseOf<'DELETE /settings/shipping-rates/:id'>>(`${BASE}/${encodeURIComponent(id)}`, { method: 'DELETE' }));

/** POST /settings/shipping-rates/bulk-upload, multipart `file` and `courier_id`. */
export const useBulkUploadRates = () =>
  useRatesMutation(({ file, courierId }: { file: File; courierId: string }) => {
    const body = new FormData();
    body.append('file', file);
    body.append('courier_id', courierId);
    return api<ResponseOf<'POST /settings/shipping-rates/bulk-upload'>>(`${BASE}/bulk-upload`, { method: 'POST', body });
  });

export type TemplateFormat = 'excel' | 'csv';

/** The spec names the downloads shipping_rates_template.xlsx and .csv. */
export function downloadRatesTemplate(format: TemplateFormat) {
  const fileName = `shipping_rates_template.${format === 'excel' ? 'xlsx' : 'csv'}`;
  return downloadFile(`${BASE}/template?format=${format}`, { fallbackName: fileName, fileName });
}
