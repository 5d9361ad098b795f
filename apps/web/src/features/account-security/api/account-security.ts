import type { FactorChallengeSent, FactorCreated, FactorCreateInput, FactorList, Identity, SessionInfo } from '@skylog/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountSecurityKeys, meKeys } from '../../../lib/query-keys.ts';

const factorUrl = (id: string, tail = '') => `/api/factors/${encodeURIComponent(id)}${tail}`;

export const useFactors = () =>
  useQuery(
    queryOptions({ queryKey: accountSecurityKeys.factors(), queryFn: ({ signal }) => apiRequest<FactorList>('/api/factors', { signal }) }),
  );

// Sessions change on other devices: asked afresh whenever the screen opens.
export const useSessions = () =>
  useQuery(
    queryOptions({
      queryKey: accountSecurityKeys.sessions(),
      queryFn: ({ signal }) => apiRequest<{ items: SessionInfo[] }>('/api/sessions', { signal }),
      refetchOnMount: 'always',
    }),
  );

/** A factor change renews the session and may change what the account may open: the account is read again. */
function useAccountMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: accountSecurityKeys.all });
      await queryClient.invalidateQueries({ queryKey: meKeys.all });
    },
  });
}

export const useAddFactor = () =>
  useAccountMutation((input: FactorCreateInput) => apiRequest<FactorCreated>('/api/factors', { method: 'POST', body: input }));

/** A phone's code by text message. */
export const useChallengeFactor = () =>
  useMutation({
    mutationFn: (id: string) => apiRequest<FactorChallengeSent>(factorUrl(id, '/challenge'), { method: 'POST', body: { channel: 'sms' } }),
  });

export const useVerifyFactor = () =>
  useAccountMutation(({ id, code, challengeId }: { id: string; code: string; challengeId?: string }) =>
    apiRequest<FactorList>(factorUrl(id, '/verify'), {
      method: 'POST',
      body: { code, ...(challengeId ? { challenge_id: challengeId } : {}) },
    }),
  );

export const useRemoveFactor = () =>
  useAccountMutation(({ id, password }: { id: string; password: string }) =>
    apiRequest<void>(factorUrl(id), { method: 'DELETE', body: { password } }),
  );

export const useNewRecoveryCodes = () =>
  useAccountMutation((password: string) =>
    apiRequest<{ recovery_codes: string[] }>('/api/factors/recovery-codes', { method: 'POST', body: { password } }),
  );

export const useSignOutSession = () =>
  useAccountMutation((id: string) => apiRequest<void>(`/api/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }));

export const useSignOutEverywhereElse = () => useAccountMutation(() => apiRequest<void>('/api/sessions/revoke-others', { method: 'POST' }));

export const useIdentities = () =>
  useQuery(
    queryOptions({
      queryKey: accountSecurityKeys.identities(),
      queryFn: ({ signal }) => apiRequest<{ items: Identity[] }>('/api/identities', { signal }),
    }),
  );

export const useUnlinkIdentity = () =>
  useAccountMutation(({ id, password }: { id: string; password: string }) =>
    apiRequest<void>(`/api/identities/${encodeURIComponent(id)}`, { method: 'DELETE', body: { password } }),
  );
