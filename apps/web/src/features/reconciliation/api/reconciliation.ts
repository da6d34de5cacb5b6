import { queryOptions } from '@tanstack/react-query';
import type { ResponseOf } from '@parceldesk/shared/contract';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';

/** Issue 12: the reconciliation screens' calls (packages/shared/src/schemas/reconciliation.ts). */
export const RECONCILIATIONS_ENDPOINT = '/reconciliations';
export const RECONCILIATION_KEY = ['reconciliation'] as const;

export type ReconciliationViewData = ResponseOf<'GET /manifests/:id/reconciliation'>;
export type ScanAnswer = ResponseOf<'POST /manifests/:id/reconciliation/scans'>;
export type FinishAnswer = ResponseOf<'POST /manifests/:id/reconciliation/finish'>;

const base = (manifestId: string) => `/manifests/${encodeURIComponent(manifestId)}/reconciliation`;

export const reconciliationQuery = (manifestId: string) => queryOptions({
  queryKey: [...RECONCILIATION_KEY, manifestId],
  queryFn: ({ signal }) => api<ReconciliationViewData>(base(manifestId), { signal }),
});

export const startReconciliation = (manifestId: string) => api<ReconciliationViewData>(base(manifestId), { method: 'POST', body: {} });

/** A scan; `clientScanId` makes a repeat (a retry, the offline queue) answer the first result. */
export const sendScan = (manifestId: string, body: { code: string; clientScanId: string; deviceId?: string }) =>
  api<ScanAnswer>(`${base(manifestId)}/scans`, { method: 'POST', body, signal: AbortSignal.timeout(20_000) });

export function markDamaged(manifestId: string, input: { code: string; note: string; clientScanId: string; deviceId?: string; photo: File | null }) {
  const form = new FormData();
  form.append('code', input.code);
  form.append('note', input.note);
  form.append('clientScanId', input.clientScanId);
  if (input.deviceId) form.append('deviceId', input.deviceId);
  if (input.photo) form.append('photo', input.photo);
  return api<ScanAnswer>(`${base(manifestId)}/damaged`, { method: 'POST', body: form });
}

export const finishReconciliation = (manifestId: string) => api<FinishAnswer>(`${base(manifestId)}/finish`, { method: 'POST' });

export const downloadReport = (manifestId: string, number: string, format: 'pdf' | 'xlsx') =>
  downloadFile(`${base(manifestId)}/report?format=${format}`, { fallbackName: `reconciliation-${number}.${format}` });

/** This device's name in the report's "who scanned what" (kept per browser). */
export function deviceId(): string {
  const key = 'parceldesk-device-id';
  let id = localStorage.getItem(key);
  if (!id) {
    id = `device-${crypto.randomUUID().slice(0, 8)}`;
    localStorage.setItem(key, id);
  }
  return id;
}
