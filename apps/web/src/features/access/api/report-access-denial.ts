import { apiRequest } from '../../../lib/api-client.ts';

/** Tells the server about a page the role gate refused; the server re-decides and audits it. */
export const reportAccessDenial = (path: string) =>
  apiRequest<{ recorded: boolean }>('/api/access-denials', { method: 'POST', body: { path } });
