import { clientConfigSchema } from '../schemas/trips.ts';
import { defineOperations } from './define.ts';

/** What the web app needs to know of the server's configuration (never a secret), before anyone signs in. */
export const clientConfigOperations = defineOperations({
  read: {
    name: 'client-config.read',
    method: 'GET',
    path: '/api/client-config',
    access: 'public',
    summary: 'Map tiles, upload limits and which providers are on, for the web app',
    responses: { 200: clientConfigSchema },
  },
});
