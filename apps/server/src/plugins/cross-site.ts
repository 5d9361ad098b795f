import { messages, signedRequestOperations } from '@skylog/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { isAccessTokenHeader } from '../lib/access-token.ts';
import { addRouteCheck, isChangingRoute } from '../lib/route-hooks.ts';
import { isSafeMethod } from '../lib/safe-methods.ts';

/**
 * Cross-site request forgery: a state change made with the session cookie must come from Skylog's
 * own pages. Browsers name the page's origin on every such request (Origin, or Sec-Fetch-Site when
 * they leave Origin out); a foreign, `null` or missing one is refused. Recorder clients with a
 * personal access token, and the signed server-to-server operations (contracts' `signedRequestOperations`:
 * Stripe's webhook), carry no cookie authority, so they are exempt.
 */
export const crossSitePlugin = fp<{ trustedOrigins: readonly string[] }>(async (app: FastifyInstance, { trustedOrigins }) => {
  // A plain HTML form can post text/plain without a CORS preflight: no API route reads it.
  app.removeContentTypeParser('text/plain');
  const refuseCrossSite = async (request: FastifyRequest) => {
    if (isSafeMethod(request.method)) return;
    if (isAccessTokenHeader(request.headers.authorization)) return;
    const origin = request.headers.origin;
    const isSameSite = origin ? trustedOrigins.includes(origin) : request.headers['sec-fetch-site'] === 'same-origin';
    if (!isSameSite) throw new AppError('forbidden', messages.crossSiteRefused);
  };
  // Only API routes that change something, and not the signed ones, are checked.
  app.addHook('onRoute', (route) => {
    const operation = route.config?.operation;
    const isSigned = operation !== undefined && operation !== 'auth' && signedRequestOperations.includes(operation);
    if (route.url.startsWith('/api/') && isChangingRoute(route) && !isSigned) addRouteCheck(route, 'onRequest', refuseCrossSite);
  });
});
