import { accountMessages, apiAccess, isOpenWhileUnpaid, messages, operationList, twoFactorSetupOperations, type ApiOperation } from '@skylog/contracts';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { addRouteCheck, methodsOf } from '../lib/route-hooks.ts';
import { isTwoFactorSetupDue } from '../lib/request-user.ts';
import type { AuditService } from '../modules/audit/audit.service.ts';

/** One registered /api route and the operation it performs: the server's own table (the probe walks it). */
export type ApiRoute = { method: string; url: string; operation: ApiOperation | 'auth'; isHidden: boolean; schema: FastifySchema | undefined };

declare module 'fastify' {
  // Module augmentation only works with interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    /** The operation of packages/contracts `apiAccess` this route performs; `auth` is better-auth's own. */
    operation?: ApiOperation | 'auth';
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    apiRoutes: readonly ApiRoute[];
  }
}

function isApiOperation(value: unknown): value is ApiOperation {
  return typeof value === 'string' && Object.hasOwn(apiAccess, value);
}

const declaredRoutes = new Set(operationList.map(({ operation }) => `${operation.method} ${operation.path} ${operation.name}`));

/** Whether the table declares this route; Fastify's own HEAD beside a declared GET counts as the GET. */
function isDeclared(method: string, url: string, operation: ApiOperation): boolean {
  return declaredRoutes.has(`${method} ${url} ${operation}`) || (method === 'HEAD' && declaredRoutes.has(`GET ${url} ${operation}`));
}

/**
 * Every /api route must name its operation; the operation's roles are checked before the handler
 * runs. Role denials answer 403 and are audited; scope (which rows) is checked in the services.
 */
export const authorizationPlugin = fp<{ audit: AuditService }>(async (app: FastifyInstance, { audit }) => {
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  const requirePermission = async (request: FastifyRequest) => {
    const operation = request.routeOptions.config.operation as ApiOperation;
    const access = apiAccess[operation];
    const user = request.user;
    if (!user) throw new AppError('unauthenticated', messages.notSignedIn);
    if (isTwoFactorSetupDue(user) && !twoFactorSetupOperations.includes(operation)) throw new AppError('forbidden', accountMessages.twoFactorSetupRequired);
    // An organization that has not paid gets billing, the profile and sign-out, nothing else
    // (docs/product.md "Billing and the payment hold").
    if (!user.isPaid && !isOpenWhileUnpaid(operation, Object.values(request.params ?? {}).includes(user.skylogId))) {
      throw new AppError('payment_required', messages.paymentRequired);
    }
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
  };
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const operation = route.config?.operation;
    const methods = methodsOf(route);
    if (operation !== 'auth') {
      if (!isApiOperation(operation)) throw new Error(`Route ${methods.join(',')} ${route.url} declares no known operation from apiAccess`);
      // Declared routes only: one written by hand would be missing from the web client, the API document and the probes.
      const undeclared = methods.filter((method) => !isDeclared(method, route.url, operation));
      if (undeclared.length > 0) {
        throw new Error(`Route ${undeclared.join(',')} ${route.url} (${operation}) is not in the operation table (packages/contracts/src/operations)`);
      }
    }
    const isHidden = Boolean((route.schema as { hide?: boolean } | undefined)?.hide);
    for (const method of methods) apiRoutes.push({ method, url: route.url, operation, isHidden, schema: route.schema });
    // Public operations (the health check, registration) are asked nothing before their handler.
    if (operation !== 'auth' && apiAccess[operation] !== 'public') addRouteCheck(route, 'onRequest', requirePermission);
  });

  // The operation table is what the web client and the API document promise: an operation declared there and
  // served by no route would fail only when someone called it, so start-up stops instead, naming it.
  app.addHook('onReady', async () => {
    const served = new Set(apiRoutes.map((route) => `${route.method} ${route.url}`));
    const unserved = operationList.filter(({ operation }) => !served.has(`${operation.method} ${operation.path}`));
    if (unserved.length > 0) {
      const names = unserved.map(({ group, key, operation }) => `${group}.${key} (${operation.method} ${operation.path})`);
      throw new Error(`Operations declared in the table but served by no route: ${names.join(', ')}`);
    }
  });

});
