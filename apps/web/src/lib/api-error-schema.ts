/** The one error shape of the API, on its own so the client loads it only when a call fails (api-client.ts). */
export { apiErrorSchema } from '@skylog/contracts';
