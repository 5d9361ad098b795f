import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const contentSecurityPolicy = [
  "default-src 'self'",
  "img-src 'self' data: blob:",
  "style-src 'self' 'unsafe-inline'",
  "script-src 'self'",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

export const securityHeadersPlugin = fp<{ isHttps: boolean }>(async (app: FastifyInstance, { isHttps }) => {
  app.addHook('onSend', async (request, reply) => {
    // Served over https (APP_URL): browsers must never fall back to plain http for this host.
    if (isHttps) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'same-origin');
    // The API docs page loads its own inline scripts; everything else runs under a strict policy.
    if (!request.url.startsWith('/api/docs')) reply.header('content-security-policy', contentSecurityPolicy);
    // API answers are personal: never stored, unless the route chose how (revalidated parts, audio).
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
});
