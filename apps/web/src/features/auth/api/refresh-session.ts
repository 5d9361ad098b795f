import { apiRequest } from '../../../lib/api-client.ts';

/** Touching the session lets the server extend it (and renew the cookie) when it nears expiry. */
export const refreshSession = () => apiRequest<unknown>('/api/auth/get-session');
