import { useMutation } from '@tanstack/react-query';
import { callWithBody } from './auth-request.ts';

/** better-auth's change-password; the server always ends the person's other sessions with it. */
export const useChangePassword = () => useMutation({ mutationFn: callWithBody('POST /api/auth/change-password') });
