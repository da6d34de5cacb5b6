import type { ResponseOf } from '@parceldesk/shared/contract';
import { IDEMPOTENCY_KEY_HEADER } from '@parceldesk/shared/schemas/packages';
import { api } from '../../../../lib/api-client';

/**
 * The scan station's "load manifest" mode (issue 12) speaks to the manifest routes directly: the
 * station is the packages feature's, and features do not import each other.
 */
export type OpenManifest = ResponseOf<'GET /manifests'>['data'][number];
export type ManifestLoadResult = ResponseOf<'POST /manifests/:id/packages'>;

export const listOpenManifests = (signal?: AbortSignal) =>
  api<ResponseOf<'GET /manifests'>>(`/manifests?pageSize=100&sort=createdAt&order=desc&filters=${encodeURIComponent(JSON.stringify({ status: 'open' }))}`, { signal })
    .then((r) => r.data);

export const manifestTotals = (id: string, signal?: AbortSignal) =>
  api<ResponseOf<'GET /manifests/:id'>>(`/manifests/${encodeURIComponent(id)}`, { signal }).then((m) => m.totals);

/** One scanned label onto the manifest; the key makes a retried send apply once. */
export const loadOntoManifest = (id: string, code: string, idempotencyKey: string) =>
  api<ManifestLoadResult>(`/manifests/${encodeURIComponent(id)}/packages`, {
    method: 'POST', body: { packageIds: [], codes: [code] }, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
