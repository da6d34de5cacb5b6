import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ManifestAction } from '@parceldesk/shared/domain/manifests';
import type {
  ManifestAddResult, ManifestDetail, ManifestExportFormat, ManifestFormValues, ManifestStatusChange,
} from '@parceldesk/shared/schemas/manifests';
import type { ResponseOf } from '@parceldesk/shared/contract';
import { dataTableQueryKey } from '../../../components/data-table/use-table-data';
import { api } from '../../../lib/api-client';
import { refreshPackages } from '../../../lib/live-events';
import { downloadFile } from '../../../lib/download-file';

/** GET /manifests (list convention). */
export const MANIFESTS_ENDPOINT = '/manifests';
/** The received parcels a manifest may take: GET /packages narrowed to received and the manifest's service. */
export const RECEIVED_PACKAGES_ENDPOINT = '/packages';

const manifestPath = (id: string, action = '') => `${MANIFESTS_ENDPOINT}/${encodeURIComponent(id)}${action}`;

export const manifestQuery = (id: string) =>
  queryOptions({
    queryKey: ['manifests', 'detail', id],
    queryFn: ({ signal }) => api<ResponseOf<'GET /manifests/:id'>>(manifestPath(id), { signal }),
  });

export const useManifest = (id: string) => useQuery(manifestQuery(id));

/** After a write: the detail from the answer, every list (manifests and packages) fetched again. */
function useManifestWrite<TInput, TResult>(send: (input: TInput) => Promise<TResult>, detailOf?: (result: TResult) => ManifestDetail | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (result) => {
      const detail = detailOf?.(result);
      if (detail) client.setQueryData(manifestQuery(detail.id).queryKey, detail);
      void client.invalidateQueries({ queryKey: ['manifests'] });
      void client.invalidateQueries({ queryKey: dataTableQueryKey(MANIFESTS_ENDPOINT) });
      refreshPackages(client);
    },
  });
}

export const useCreateManifest = () =>
  useManifestWrite((input: ManifestFormValues) => api<ResponseOf<'POST /manifests'>>(MANIFESTS_ENDPOINT, { method: 'POST', body: input }), (d) => d);

export const useEditManifest = (id: string) =>
  useManifestWrite((input: ManifestFormValues) => api<ResponseOf<'PATCH /manifests/:id'>>(manifestPath(id), { method: 'PATCH', body: input }), (d) => d);

export const useChangeManifestStatus = (id: string) =>
  useManifestWrite((input: ManifestStatusChange) => api<ResponseOf<'POST /manifests/:id/status'>>(manifestPath(id, '/status'), { method: 'POST', body: input }));

export const useRemoveManifestPackage = (id: string) =>
  useManifestWrite((packageId: string) => api<ResponseOf<'DELETE /manifests/:id/packages/:packageId'>>(manifestPath(id, `/packages/${encodeURIComponent(packageId)}`), { method: 'DELETE' }), (d) => d);

/** A fresh key per request the station or the dialog sends: a retried send of the same request applies once. */
export const newIdempotencyKey = () => `manifest-${crypto.randomUUID()}`;

export function addManifestPackages(id: string, input: { packageIds?: string[]; codes?: string[] }, idempotencyKey = newIdempotencyKey()): Promise<ManifestAddResult> {
  return api<ResponseOf<'POST /manifests/:id/packages'>>(manifestPath(id, '/packages'), {
    method: 'POST', body: { packageIds: input.packageIds ?? [], codes: input.codes ?? [] }, headers: { 'idempotency-key': idempotencyKey },
  });
}

export const useAddManifestPackages = (id: string) =>
  useManifestWrite((input: { packageIds?: string[]; codes?: string[] }) => addManifestPackages(id, input));

export const EXPORT_LABELS: Record<ManifestExportFormat, string> = {
  pdf: 'PDF', xlsx: 'Excel (XLSX)', csv: 'CSV', broker: 'Customs broker CSV', invoices: 'Invoices (ZIP)',
};

export const downloadManifestExport = (manifest: { id: string; number: string }, format: ManifestExportFormat) =>
  downloadFile(`${manifestPath(manifest.id, '/export')}?format=${format}`, { fallbackName: `${manifest.number}-${format}` });

export type { ManifestAction };
