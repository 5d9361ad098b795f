import type { invitationAcceptSchema } from '@skylog/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';

export type AcceptInvitationInput = z.input<typeof invitationAcceptSchema>;

export const useAcceptInvitation = () =>
  useMutation({ mutationFn: (body: AcceptInvitationInput) => api.registration.acceptInvitation({ body }) });
