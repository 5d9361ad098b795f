import { api } from '../../../lib/api.ts';

/** Tells the server about a page the role gate refused; the server re-decides and audits it. */
export const reportAccessDenial = (path: string) => api.audit.reportAccessDenial({ body: { path } });
