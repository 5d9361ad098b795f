import type { apiTokenCreatedSchema } from '@skylog/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, groupKey } from '../../../lib/api.ts';

export type CreatedAccessToken = z.infer<typeof apiTokenCreatedSchema>;

// Asked afresh whenever the panel opens: "last used" changes while the recorder works, not in this tab.
export const useAccessTokens = () => useQuery({ ...api.accessTokens.list.query(), refetchOnMount: 'always' });

export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.accessTokens.create({ body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKey('accessTokens') }),
  });
}

export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.accessTokens.revoke({ params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKey('accessTokens') }),
  });
}
