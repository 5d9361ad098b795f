import { apiAccess, messages, type ApiOperation } from '@skylog/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import type { AuditService } from '../modules/audit/audit.service.ts';

declare module 'fastify' {
  // Module augmentation only works with interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    /** The operation of packages/contracts `apiAccess` this route performs; `auth` is better-auth's own. */
    operation?: ApiOperation | 'auth';
  }
}

function isApiOperation(value: unknown): value is ApiOperation {
  return typeof value === 'string' && Object.hasOwn(apiAccess, value);
}

/**
 * Every /api route must name its operation; the operation's roles are checked before the handler
 * runs. Role denials answer 403 and are audited; scope (which rows) is checked in the services.
 */
export const authorizationPlugin = fp<{ audit: AuditService }>(async (app: FastifyInstance, { audit }) => {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const operation = route.config?.operation;
    if (operation !== 'auth' && !isApiOperation(operation)) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no known operation from apiAccess`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const operation = request.routeOptions.config.operation;
    if (!isApiOperation(operation)) return;
    const access = apiAccess[operation];
    if (access === 'public') return;
    const user = request.user;
    if (!user) throw new AppError('unauthenticated', messages.notSignedIn);
    if (access === 'authenticated') return;
    if ((access as readonly string[]).includes(user.role)) return;
    await audit.recordDenial({
      actor: user,
      action: operation,
      resource: request.routeOptions.url ?? request.url,
      path: request.url,
      isSelfAccess: false,
      reason: 'role',
      ipAddress: request.ip,
    });
    throw new AppError('forbidden', messages.permissionDenied);
  });
});
