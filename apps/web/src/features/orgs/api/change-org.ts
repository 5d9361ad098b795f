import { messages } from '@skylog/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, groupKey } from '../../../lib/api.ts';
import { withMessage } from '../../../lib/with-message.ts';

export const useCreateOrg = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => withMessage(api.orgs.create({ body: { name } }), messages.addOrgFailed),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKey('orgs') }),
  });
};

export const useRenameOrg = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => api.orgs.update({ params: { id }, body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKey('orgs') }),
  });
};
