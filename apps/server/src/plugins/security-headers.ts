import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * One policy for every answer, the API docs included: Swagger UI (@fastify/swagger-ui 6) loads its scripts
 * and styles as files of its own and runs no inline script, so it needs nothing the web app does not.
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  "img-src 'self' data: blob:",
  "style-src 'self' 'unsafe-inline'",
  "script-src 'self'",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * Browser features Skylog never uses, denied to its pages and to anything they might embed (W3C Permissions
 * Policy). The review screen plays audio; payment happens on Stripe's own pages. Allow a feature here before
 * the web app first uses it.
 */
const unusedFeatures = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'display-capture',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'midi',
  'payment',
  'serial',
  'usb',
  'xr-spatial-tracking',
];
/**
 * The phone recorder records the track and the cockpit audio (docs/product.md "Recording on a phone"): the location
 * and the microphone are Skylog's own pages', never a frame's.
 */
const ownPagesOnly = ['geolocation', 'microphone'];
const permissionsPolicy = [...unusedFeatures.map((feature) => `${feature}=()`), ...ownPagesOnly.map((feature) => `${feature}=(self)`)].join(', ');

export const securityHeadersPlugin = fp<{ isHttps: boolean }>(async (app: FastifyInstance, { isHttps }) => {
  app.addHook('onSend', async (request, reply) => {
    // Served over https (APP_URL): browsers must never fall back to plain http for this host.
    if (isHttps) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'same-origin');
    reply.header('content-security-policy', contentSecurityPolicy);
    reply.header('permissions-policy', permissionsPolicy);
    // API answers are personal: never stored, unless the route chose how (revalidated parts, audio).
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
});
