import { messages, type SubOrg } from '@skylog/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { subOrgKeys } from '../../../lib/query-keys.ts';
import { withMessage } from '../../../lib/with-message.ts';

export type SubOrgInput = { name: string; description: string | null };

export const createSubOrg = (input: SubOrgInput) =>
  withMessage(apiRequest<SubOrg>('/api/sub-orgs', { method: 'POST', body: input }), messages.addSubOrgFailed);

/** PATCH sub_orgs with the sub-organization as the body, id included (docs/product-spec.md §5). */
export const updateSubOrg = (input: SubOrgInput & { id: string }) =>
  withMessage(apiRequest<SubOrg>('/api/sub-orgs', { method: 'PATCH', body: input }), messages.updateSubOrgFailed);

/** The server's reason (members still assigned) is more useful than the generic text, so it is kept. */
export const deleteSubOrg = (id: string) => apiRequest<void>(`/api/sub-orgs/${encodeURIComponent(id)}`, { method: 'DELETE' });

const useSubOrgMutation = <Input, Result>(mutationFn: (input: Input) => Promise<Result>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: subOrgKeys.all }) });
};

export const useCreateSubOrg = () => useSubOrgMutation(createSubOrg);
export const useUpdateSubOrg = () => useSubOrgMutation(updateSubOrg);
export const useDeleteSubOrg = () => useSubOrgMutation(deleteSubOrg);
