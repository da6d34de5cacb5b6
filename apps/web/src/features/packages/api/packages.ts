import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AssignPackageInput, PackageClaim, PackageClaimDecision, PackageDetail, PackageEditInput, PackageFile, PackageStatusChange, PreAlert,
} from '@parceldesk/shared/schemas/packages';
import { api } from '../../../lib/api-client';
import { refreshPackages } from '../../../lib/live-events';

/** List endpoints (list convention): GET /packages answers a customer with their own only. */
export const PACKAGES_ENDPOINT = '/packages';
export const PRE_ALERTS_ENDPOINT = '/pre-alerts';
export const UNKNOWN_PACKAGES_ENDPOINT = '/packages/unknown';
export const PACKAGE_CLAIMS_ENDPOINT = '/package-claims';

const packagePath = (id: string, action = '') => `${PACKAGES_ENDPOINT}/${encodeURIComponent(id)}${action}`;

export const packageQuery = (id: string) =>
  queryOptions({
    queryKey: ['packages', 'detail', id],
    queryFn: ({ signal }) => api<PackageDetail>(packagePath(id), { signal }),
  });

export const usePackage = (id: string | null) => useQuery({ ...packageQuery(id ?? ''), enabled: !!id });

/** A write answered with the package: put it in the cache, refresh the lists. */
function usePackageWrite<TInput>(send: (input: TInput) => Promise<PackageDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (detail) => {
      client.setQueryData(packageQuery(detail.id).queryKey, detail);
      refreshPackages(client);
    },
  });
}

export const useEditPackage = (id: string) =>
  usePackageWrite((input: PackageEditInput) => api<PackageDetail>(packagePath(id), { method: 'PUT', body: input }));

export const useChangePackageStatus = (id: string) =>
  usePackageWrite((input: PackageStatusChange) => api<PackageDetail>(packagePath(id, '/status'), { method: 'POST', body: input }));

export const useAssignPackage = (id: string) =>
  usePackageWrite((input: AssignPackageInput) => api<PackageDetail>(packagePath(id, '/assign'), { method: 'POST', body: input }));

/** Text fields as multipart, with the file under `fileField` when one was chosen. */
export function multipartBody(fields: Record<string, string | number | null | undefined>, fileField: string, file: File | null): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== null && value !== undefined) form.append(name, String(value));
  }
  if (file) form.append(fileField, file, file.name);
  return form;
}

function useListWrite<TInput, TResult>(send: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => refreshPackages(client) });
}

export interface PreAlertSubmission {
  fields: Record<string, string | number | null | undefined>;
  invoice: File | null;
}

const preAlertPath = (id: string) => `${PRE_ALERTS_ENDPOINT}/${encodeURIComponent(id)}`;

export const useCreatePreAlert = () =>
  useListWrite(({ fields, invoice }: PreAlertSubmission) =>
    api<PreAlert>(PRE_ALERTS_ENDPOINT, { method: 'POST', body: multipartBody(fields, 'invoice', invoice) }));

export const useUpdatePreAlert = (id: string) =>
  useListWrite(({ fields, invoice }: PreAlertSubmission) =>
    api<PreAlert>(preAlertPath(id), { method: 'PUT', body: multipartBody(fields, 'invoice', invoice) }));

export const useCancelPreAlert = () => useListWrite((id: string) => api<unknown>(preAlertPath(id), { method: 'DELETE' }));

export const useSubmitClaim = () =>
  useListWrite(({ trackingNumber, note, proof }: { trackingNumber: string; note: string; proof: File }) =>
    api<PackageClaim>(PACKAGE_CLAIMS_ENDPOINT, { method: 'POST', body: multipartBody({ trackingNumber, note: note || null }, 'proof', proof) }));

export const useDecideClaim = () =>
  useListWrite(({ id, ...decision }: PackageClaimDecision & { id: string }) =>
    api<PackageClaim>(`${PACKAGE_CLAIMS_ENDPOINT}/${encodeURIComponent(id)}`, { method: 'PUT', body: decision }));

/** POST /packages/{id}/photos: one photo per request; the package is read again once they are in. */
export function useAddPackagePhoto(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (photo: File) => api<PackageFile>(packagePath(id, '/photos'), { method: 'POST', body: multipartBody({}, 'photo', photo) }),
    onSettled: () => client.invalidateQueries({ queryKey: packageQuery(id).queryKey }),
  });
}
