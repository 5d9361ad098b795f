import { messages } from '@skylog/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, groupKey } from '../../../lib/api.ts';
import { withMessage } from '../../../lib/with-message.ts';

export type SubOrgInput = { name: string; description: string | null };

/** Any change to a sub-organization refreshes every sub-organization read (lists, details, flight figures). */
const useSubOrgMutation = <Input, Result>(mutationFn: (input: Input) => Promise<Result>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKey('sub-orgs') }) });
};

export const useCreateSubOrg = () =>
  useSubOrgMutation((body: SubOrgInput) => withMessage(api.orgs.createSubOrg({ body }), messages.addSubOrgFailed));

/**
 * Updates a sub-organization: the body is the sub-organization, its id included
 * (docs/product.md "Organizations and sub-organizations").
 */
export const useUpdateSubOrg = () =>
  useSubOrgMutation((body: SubOrgInput & { id: string }) => withMessage(api.orgs.updateSubOrg({ body }), messages.updateSubOrgFailed));

/** The server's reason (members still assigned) is more useful than the generic text, so it is kept. */
export const useDeleteSubOrg = () => useSubOrgMutation((id: string) => api.orgs.removeSubOrg({ params: { id } }));
