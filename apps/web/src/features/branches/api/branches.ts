import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BranchDetail, CreateBranchInput, UpdateBranchInput } from '@parceldesk/shared/schemas/branches';
import { dataTableQueryKey } from '../../../components/data-table/use-table-data';
import { api } from '../../../lib/api-client';

export const BRANCHES_ENDPOINT = '/branches';
const path = (id: string) => `${BRANCHES_ENDPOINT}/${encodeURIComponent(id)}`;

export const branchQuery = (id: string) =>
  queryOptions({
    queryKey: ['branches', 'detail', id],
    queryFn: ({ signal }) => api<BranchDetail>(path(id), { signal }),
  });

export const useBranch = (id: string) => useQuery(branchQuery(id));

/** A change refreshes the lists (and the option lists other forms pick branches from). */
function useBranchMutation<TInput>(send: (input: TInput) => Promise<BranchDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (branch) => {
      client.setQueryData(branchQuery(branch.id).queryKey, branch);
      void client.invalidateQueries({ queryKey: dataTableQueryKey(BRANCHES_ENDPOINT) });
      void client.invalidateQueries({ queryKey: ['options'] });
    },
  });
}

export const useCreateBranch = () =>
  useBranchMutation((input: CreateBranchInput) => api<BranchDetail>(BRANCHES_ENDPOINT, { method: 'POST', body: input }));

export const useUpdateBranch = (id: string) =>
  useBranchMutation((input: UpdateBranchInput) => api<BranchDetail>(path(id), { method: 'PUT', body: input }));
