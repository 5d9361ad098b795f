import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** super_admin: work in another organization; everything cached belonged to the previous one. */
export const useSwitchOrg = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orgId: string) => api.users.switchOrg({ body: { org_id: orgId } }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
};
