import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const PATH = '/customers/me/package-emails';
const KEY = ['customer-profile', 'package-emails'] as const;

interface PackageEmailPreference {
  packageEmails: boolean;
}

/** GET /customers/me/package-emails: whether the customer gets package emails (issue 11). */
export const usePackageEmails = () =>
  useQuery({ queryKey: KEY, queryFn: ({ signal }) => api<PackageEmailPreference>(PATH, { signal }) });

export function useSetPackageEmails() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (packageEmails: boolean) => api<PackageEmailPreference>(PATH, { method: 'PUT', body: { packageEmails } }),
    onSuccess: (answer) => client.setQueryData(KEY, answer),
  });
}
