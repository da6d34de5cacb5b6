import type { ReceivePackageFormValues, ReceivePackageResponse } from '@parceldesk/shared/schemas/packages';
import { IDEMPOTENCY_KEY_HEADER } from '@parceldesk/shared/schemas/packages';
import type { BulkReceiveResult, ScanCustomer, ScanLookup } from '@parceldesk/shared/schemas/package-scan';
import { config } from '../../../../config';
import { api, ApiError } from '../../../../lib/api-client';
import { storage } from '../../../../lib/storage';

export const lookupTracking = (trackingNumber: string, signal?: AbortSignal) =>
  api<ScanLookup>(`/packages/scan-lookup?trackingNumber=${encodeURIComponent(trackingNumber)}`, { signal });

export const searchScanCustomers = (search: string, signal?: AbortSignal) =>
  api<{ customers: ScanCustomer[] }>(`/packages/scan-customers?search=${encodeURIComponent(search)}`, { signal }).then((r) => r.customers);

/** A receive that hangs (a flaky network) is given up after this and sent again later with the same key. */
export const RECEIVE_TIMEOUT_MS = 20_000;

export const receivePackage = (body: ReceivePackageFormValues, idempotencyKey: string) =>
  api<ReceivePackageResponse>('/packages/receive', {
    method: 'POST', body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey }, signal: AbortSignal.timeout(RECEIVE_TIMEOUT_MS),
  });

/** The label file of packages, fetched with the bearer token (a plain link carries none). */
export async function fetchLabel(ids: readonly string[], format: 'pdf' | 'zpl'): Promise<Blob> {
  const token = storage.getToken();
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const single = ids.length === 1;
  let response: Response;
  try {
    response = await fetch(`${config.apiBase}/packages/${single ? `${ids[0]}/label` : 'labels'}?format=${format}`, {
      method: single ? 'GET' : 'POST',
      headers: single ? { ...(token ? { authorization: `Bearer ${token}` } : {}) } : headers,
      body: single ? undefined : JSON.stringify({ ids }),
    });
  } catch {
    throw new ApiError(0, 'Cannot reach the server. Check your connection and try again.');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, body?.message ?? `Request failed (${response.status})`);
  }
  return response.blob();
}

export function uploadBulkReceive(file: File, options: { commit: boolean; service: 'air' | 'sea' }) {
  const form = new FormData();
  form.append('commit', options.commit ? 'true' : 'false');
  form.append('service', options.service);
  form.append('file', file);
  return api<BulkReceiveResult>('/packages/bulk-receive', { method: 'POST', body: form });
}
