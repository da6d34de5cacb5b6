import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { shippingRateSchema, ShippingRateView } from '@parceldesk/shared/schemas/settings';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { listOf } from './list-response';

export type ShippingRate = ShippingRateView;
export type ShippingRateValues = z.output<typeof shippingRateSchema>;

export interface InvalidRateRow {
  row: number;
  weight: string | number | null;
  cost: string | number | null;
  reason: string;
}
export interface BulkUploadResult {
  success: boolean;
  message?: string;
  createdRates: number;
  updatedRates?: number;
  invalidRates: number;
  totalProcessed: number;
  invalidRows?: InvalidRateRow[];
}

const BASE = '/settings/shipping-rates';

export const shippingRatesQuery = queryOptions({
  queryKey: ['settings', 'shipping-rates'],
  queryFn: ({ signal }) => api<ShippingRate[] | { data: ShippingRate[] }>(BASE, { signal }).then(listOf),
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
    api<unknown>(id ? `${BASE}/${encodeURIComponent(id)}` : BASE, { method: id ? 'PUT' : 'POST', body: values }));

export const useDeleteShippingRate = () =>
  useRatesMutation((id: string) => api<unknown>(`${BASE}/${encodeURIComponent(id)}`, { method: 'DELETE' }));

/** POST /settings/shipping-rates/bulk-upload, multipart `file` and `courier_id`. */
export const useBulkUploadRates = () =>
  useRatesMutation(({ file, courierId }: { file: File; courierId: string }) => {
    const body = new FormData();
    body.append('file', file);
    body.append('courier_id', courierId);
    return api<BulkUploadResult>(`${BASE}/bulk-upload`, { method: 'POST', body });
  });

export type TemplateFormat = 'excel' | 'csv';

/** The spec names the downloads shipping_rates_template.xlsx and .csv. */
export function downloadRatesTemplate(format: TemplateFormat) {
  const fileName = `shipping_rates_template.${format === 'excel' ? 'xlsx' : 'csv'}`;
  return downloadFile(`${BASE}/template?format=${format}`, { fallbackName: fileName, fileName });
}
