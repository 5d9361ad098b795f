import { operations } from '@skylog/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../lib/app-context.ts';
import { serveOperations } from '../../lib/serve-operations.ts';
import * as service from './relations.service.ts';

export const relationsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serveOperations(app, 'people', operations.relations, {
    list: async ({ scope, query }) => service.listRelations(ctx, scope, query),
    create: async ({ scope, body }) => {
      await service.createRelations(ctx, scope, body);
      return undefined;
    },
    remove: async ({ scope, query }) => {
      await service.deleteRelation(ctx, scope, query);
      return undefined;
    },
  });
};
