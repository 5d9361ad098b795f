import { operations } from '@skylog/contracts';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppContext } from '../../lib/app-context.ts';
import { toAuthHeaders } from '../../lib/better-auth.ts';
import { serveOperations } from '../../lib/serve-operations.ts';
import * as service from './account-security.service.ts';

/** A factor change renews the session (better-auth): the browser gets the new cookie with the answer. */
function passCookies(reply: FastifyReply, cookies: string[]): void {
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

/**
 * A person's second-step factors, provider accounts and sessions (docs/product.md "Sign-in and second step"): each acts
 * on the signed-in person only.
 */
export const accountSecurityRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serveOperations(app, 'account security', operations.accountSecurity, {
    readSecondStep: async ({ request }) => service.secondStepOf(ctx, request.headers.cookie),
    listFactors: async ({ scope }) => service.listFactors(ctx, scope),
    createFactor: async ({ scope, body, request }) => service.createFactor(ctx, scope, body, toAuthHeaders(request)),
    challengeFactor: async ({ scope, params }) => service.challengeFactor(ctx, scope, params.id),
    verifyFactor: async ({ scope, params, body, request, reply }) => {
      const { body: factors, cookies } = await service.verifyFactor(ctx, scope, params.id, body, toAuthHeaders(request));
      passCookies(reply, cookies);
      return factors;
    },
    removeFactor: async ({ scope, params, body, request, reply }) => {
      passCookies(reply, await service.deleteFactor(ctx, scope, params.id, body.password, toAuthHeaders(request)));
      return undefined;
    },
    regenerateRecoveryCodes: async ({ scope, body, request }) =>
      service.regenerateRecoveryCodes(ctx, scope, body.password, toAuthHeaders(request)),
    listIdentities: async ({ scope }) => service.listIdentities(ctx, scope),
    unlinkIdentity: async ({ scope, params, body }) => {
      await service.unlinkIdentity(ctx, scope, params.id, body.password);
      return undefined;
    },
    listSessions: async ({ scope }) => service.listSessions(ctx, scope),
    revokeSession: async ({ scope, params }) => {
      await service.revokeSession(ctx, scope, params.id);
      return undefined;
    },
    revokeOtherSessions: async ({ scope }) => {
      await service.revokeOtherSessions(ctx, scope);
      return undefined;
    },
  });
};
