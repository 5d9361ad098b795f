import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** super_admin: work in another organization; everything cached belonged to the previous one. */
export const switchOrg = (orgId: string) => apiRequest<void>('/api/me/org', { method: 'POST', body: { org_id: orgId } });

export const useSwitchOrg = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: switchOrg, onSuccess: () => queryClient.invalidateQueries() });
};
