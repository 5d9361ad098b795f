import type { apiTokenCreatedSchema, apiTokenSchema } from '@skylog/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { accessTokenKeys } from '../../../lib/query-keys.ts';

export type AccessToken = z.infer<typeof apiTokenSchema>;
export type CreatedAccessToken = z.infer<typeof apiTokenCreatedSchema>;

// Asked afresh whenever the panel opens: "last used" changes while the recorder works, not in this tab.
export const useAccessTokens = () =>
  useQuery(
    queryOptions({
      queryKey: accessTokenKeys.list(),
      queryFn: ({ signal }) => apiRequest<{ items: AccessToken[] }>('/api/access-tokens', { signal }),
      refetchOnMount: 'always',
    }),
  );

export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest<CreatedAccessToken>('/api/access-tokens', { method: 'POST', body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessTokenKeys.all }),
  });
}

export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/api/access-tokens/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessTokenKeys.all }),
  });
}
