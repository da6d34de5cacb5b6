import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@parceldesk/shared/contract';
import type { ReportPreset, ReportGrouping } from '@parceldesk/shared/domain/report-range';
import type { Service } from '@parceldesk/shared/schemas/packages';
import type { ReportFormat, ReportKind } from '@parceldesk/shared/schemas/reports';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';

/** What the screen asks for: the report and its filters (empty strings: not chosen). */
export interface ReportFilters {
  preset: ReportPreset;
  from: string;
  to: string;
  groupBy: ReportGrouping | '';
  branchId: string;
  service: Service | '';
  courierId: string;
}

export const DEFAULT_FILTERS: ReportFilters = { preset: 'this_month', from: '', to: '', groupBy: '', branchId: '', service: '', courierId: '' };

/** The query string of GET /reports/{report}: only what is chosen; the custom days only with the custom preset. */
export function reportSearch(filters: ReportFilters): string {
  const params = new URLSearchParams({ preset: filters.preset });
  if (filters.preset === 'custom') {
    if (filters.from) params.set('from', filters.from);
    if (filters.to) params.set('to', filters.to);
  }
  for (const key of ['groupBy', 'branchId', 'service', 'courierId'] as const) if (filters[key]) params.set(key, filters[key]);
  return params.toString();
}

export const reportQuery = (report: ReportKind, filters: ReportFilters) => queryOptions({
  queryKey: ['reports', report, reportSearch(filters)],
  queryFn: ({ signal }) => api<ResponseOf<'GET /reports/:report'>>(`/reports/${report}?${reportSearch(filters)}`, { signal }),
  placeholderData: keepPreviousData,
});

/** A custom range is asked for only once both days are chosen, in order. */
export const isComplete = (filters: ReportFilters) => filters.preset !== 'custom' || Boolean(filters.from && filters.to && filters.from <= filters.to);

export const useReport = (report: ReportKind, filters: ReportFilters, allowed: boolean) =>
  useQuery({ ...reportQuery(report, filters), enabled: allowed && isComplete(filters) });

export const downloadReport = (report: ReportKind, filters: ReportFilters, format: ReportFormat) =>
  downloadFile(`/reports/${report}/export?${reportSearch(filters)}&format=${format}`, { fallbackName: `${report}.${format}` });
