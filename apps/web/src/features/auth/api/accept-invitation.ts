import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type AcceptInvitationInput = { token: string; name: string; password: string };

export const acceptInvitation = (input: AcceptInvitationInput) =>
  apiRequest<{ skylog_id: string; email: string }>('/api/registration/accept', { method: 'POST', body: input });

export const useAcceptInvitation = () => useMutation({ mutationFn: acceptInvitation });
