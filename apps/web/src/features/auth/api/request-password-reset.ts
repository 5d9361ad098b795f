import { useMutation } from '@tanstack/react-query';
import { authRequest } from './auth-request.ts';

export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: (email: string) => authRequest('POST /api/auth/request-password-reset', { body: { email } }) });
