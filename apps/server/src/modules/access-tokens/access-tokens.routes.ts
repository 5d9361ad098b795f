import { operations } from '@skylog/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../lib/app-context.ts';
import { serveOperations } from '../../lib/serve-operations.ts';
import * as service from './access-tokens.service.ts';

export const accessTokensRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serveOperations(app, 'access tokens', operations.accessTokens, {
    list: async ({ scope }) => service.listTokens(ctx, scope),
    create: async ({ scope, body }) => service.createToken(ctx, scope, body.name),
    revoke: async ({ scope, params }) => {
      await service.revokeToken(ctx, scope, params.id);
      return undefined;
    },
  });
};
