import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type ResetPasswordInput = { token: string; newPassword: string };

export const resetPassword = (input: ResetPasswordInput) => apiRequest<unknown>('/api/auth/reset-password', { method: 'POST', body: input });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
