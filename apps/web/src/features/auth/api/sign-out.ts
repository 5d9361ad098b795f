import { apiRequest } from '../../../lib/api-client.ts';

/** Revokes the session on the server; the response clears the cookie. */
export const signOut = () => apiRequest<unknown>('/api/auth/sign-out', { method: 'POST', body: {} });
