import type { SignInPolicy } from '@skylog/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { meKeys, orgKeys } from '../../../lib/query-keys.ts';

const policyUrl = (orgId: string) => `/api/orgs/${encodeURIComponent(orgId)}/sign-in-policy`;

export const useSignInPolicy = (orgId: string) =>
  useQuery(
    queryOptions({
      queryKey: orgKeys.signInPolicy(orgId),
      queryFn: ({ signal }) => apiRequest<SignInPolicy>(policyUrl(orgId), { signal }),
    }),
  );

export function useUpdateSignInPolicy(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: SignInPolicy) => apiRequest<SignInPolicy>(policyUrl(orgId), { method: 'PUT', body: policy }),
    onSuccess: async (policy) => {
      queryClient.setQueryData(orgKeys.signInPolicy(orgId), policy);
      // The admin's own standing may change with it.
      await queryClient.invalidateQueries({ queryKey: meKeys.all });
    },
  });
}
