import type { FactorCreateInput } from '@skylog/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, groupKey } from '../../../lib/api.ts';
import { meKeys } from '../../../lib/query-keys.ts';

export const useFactors = () => useQuery(api.accountSecurity.listFactors.query());

// Sessions change on other devices: asked afresh whenever the screen opens.
export const useSessions = () => useQuery({ ...api.accountSecurity.listSessions.query(), refetchOnMount: 'always' });

/** A factor change renews the session and may change what the account may open: the account is read again. */
function useAccountMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: groupKey('accountSecurity') });
      await queryClient.invalidateQueries({ queryKey: meKeys.all });
    },
  });
}

export const useAddFactor = () => useAccountMutation((body: FactorCreateInput) => api.accountSecurity.createFactor({ body }));

/** A phone's code by text message. */
export const useChallengeFactor = () =>
  useMutation({ mutationFn: (id: string) => api.accountSecurity.challengeFactor({ params: { id }, body: { channel: 'sms' } }) });

export const useVerifyFactor = () =>
  useAccountMutation(({ id, code, challengeId }: { id: string; code: string; challengeId?: string }) =>
    api.accountSecurity.verifyFactor({ params: { id }, body: { code, ...(challengeId ? { challenge_id: challengeId } : {}) } }),
  );

export const useRemoveFactor = () =>
  useAccountMutation(({ id, password }: { id: string; password: string }) =>
    api.accountSecurity.removeFactor({ params: { id }, body: { password } }),
  );

export const useNewRecoveryCodes = () =>
  useAccountMutation((password: string) => api.accountSecurity.regenerateRecoveryCodes({ body: { password } }));

export const useSignOutSession = () => useAccountMutation((id: string) => api.accountSecurity.revokeSession({ params: { id } }));

export const useSignOutEverywhereElse = () => useAccountMutation(() => api.accountSecurity.revokeOtherSessions());

export const useIdentities = () => useQuery(api.accountSecurity.listIdentities.query());

export const useUnlinkIdentity = () =>
  useAccountMutation(({ id, password }: { id: string; password: string }) =>
    api.accountSecurity.unlinkIdentity({ params: { id }, body: { password } }),
  );
