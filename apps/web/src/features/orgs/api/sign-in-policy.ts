import type { SignInPolicy } from '@skylog/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { meKeys } from '../../../lib/query-keys.ts';

export const useSignInPolicy = (orgId: string) => useQuery(api.orgs.readSignInPolicy.query({ params: { id: orgId } }));

export function useUpdateSignInPolicy(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignInPolicy) => api.orgs.updateSignInPolicy({ params: { id: orgId }, body }),
    onSuccess: async (policy) => {
      queryClient.setQueryData(api.orgs.readSignInPolicy.key({ params: { id: orgId } }), policy);
      // The admin's own standing may change with it.
      await queryClient.invalidateQueries({ queryKey: meKeys.all });
    },
  });
}
