import type { AssignableRole, invitationListSchema } from '@skylog/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { invitationKeys } from '../../../lib/query-keys.ts';

export type InviteInput = { email: string; user_type: AssignableRole; sub_org_id?: string | null };
export type InvitationList = z.infer<typeof invitationListSchema>;

export const invitePerson = (input: InviteInput) =>
  apiRequest<{ id: string; email: string; expires_at: string }>('/api/invitations', { method: 'POST', body: input });

export const getInvitations = (signal?: AbortSignal) => apiRequest<InvitationList>('/api/invitations', { signal });

export const resendInvitation = (id: string) =>
  apiRequest<{ id: string; email: string; expires_at: string }>(`/api/invitations/${encodeURIComponent(id)}/resend`, { method: 'POST', body: {} });

export const useInvitations = ({ isEnabled = true }: { isEnabled?: boolean } = {}) =>
  useQuery({ ...queryOptions({ queryKey: invitationKeys.list(), queryFn: ({ signal }) => getInvitations(signal) }), enabled: isEnabled });

export const useInvitePerson = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: invitePerson, onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationKeys.list() }) });
};

export const useResendInvitation = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resendInvitation, onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationKeys.list() }) });
};
