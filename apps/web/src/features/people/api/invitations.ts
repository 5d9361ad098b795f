import type { AssignableRole } from '@skylog/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type InviteInput = { email: string; user_type: AssignableRole; sub_org_id?: string | null };

export const useInvitations = ({ isEnabled = true }: { isEnabled?: boolean } = {}) =>
  useQuery({ ...api.registration.listInvitations.query(), enabled: isEnabled });

/** A new or renewed invitation changes the list of open ones, nothing else read. */
const useInvitationMutation = <Input, Result>(mutationFn: (input: Input) => Promise<Result>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: api.registration.listInvitations.key() }) });
};

export const useInvitePerson = () => useInvitationMutation((body: InviteInput) => api.registration.invite({ body }));

export const useResendInvitation = () => useInvitationMutation((id: string) => api.registration.resendInvitation({ params: { id } }));
