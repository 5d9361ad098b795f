import { messages, type Org } from '@skylog/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { orgKeys } from '../../../lib/query-keys.ts';
import { withMessage } from '../../../lib/with-message.ts';

export const createOrg = (name: string) => withMessage(apiRequest<Org>('/api/orgs', { method: 'POST', body: { name } }), messages.addOrgFailed);

export const renameOrg = ({ id, name }: { id: string; name: string }) =>
  apiRequest<Org>(`/api/orgs/${encodeURIComponent(id)}`, { method: 'PATCH', body: { name } });

export const useCreateOrg = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createOrg, onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKeys.all }) });
};

export const useRenameOrg = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: renameOrg, onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKeys.all }) });
};
