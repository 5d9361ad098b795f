import { useMutation } from '@tanstack/react-query';
import { callWithBody } from './auth-request.ts';

export const useResetPassword = () => useMutation({ mutationFn: callWithBody('POST /api/auth/reset-password') });
