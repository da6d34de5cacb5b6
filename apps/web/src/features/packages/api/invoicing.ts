import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IssueInvoicesResponse } from '@parceldesk/shared/schemas/invoices';
import { api } from '../../../lib/api-client';
import { refreshPackages } from '../../../lib/live-events';

/**
 * POST /invoices (invoices_manage): one invoice per package, priced from the settings now; a
 * package already invoiced is skipped. The Idempotency-Key makes a double click or a retried
 * request answer the first result.
 */
export const useIssueInvoices = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (packageIds: readonly string[]) => api<IssueInvoicesResponse>('/invoices', {
      method: 'POST', body: { packageIds }, headers: { 'idempotency-key': crypto.randomUUID() },
    }),
    onSuccess: () => {
      refreshPackages(client);
      void client.invalidateQueries({ queryKey: ['data-table', '/invoices'] });
    },
  });
};
