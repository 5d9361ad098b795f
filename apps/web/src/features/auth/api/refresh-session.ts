import { authRequest } from './auth-request.ts';

/** Touching the session lets the server extend it (and renew the cookie) when it nears expiry. */
export const refreshSession = () => authRequest('GET /api/auth/get-session', {});
