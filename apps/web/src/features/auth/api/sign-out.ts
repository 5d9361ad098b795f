import { authRequest } from './auth-request.ts';

/** Revokes the session on the server; the response clears the cookie. */
export const signOut = () => authRequest('POST /api/auth/sign-out', { body: {} });
