import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type ChangePasswordInput = { currentPassword: string; newPassword: string };

/** better-auth's change-password; the server always ends the person's other sessions with it. */
export const changePassword = (input: ChangePasswordInput) =>
  apiRequest<unknown>('/api/auth/change-password', { method: 'POST', body: input });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
