import { operations } from '@skylog/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../lib/app-context.ts';
import { serveOperations } from '../../lib/serve-operations.ts';
import * as service from './orgs.service.ts';

export const orgsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serveOperations(app, 'orgs', operations.orgs, {
    list: async ({ scope }) => {
      const items = await service.listVisibleOrgs(ctx, scope);
      return { items, total: items.length };
    },
    read: async ({ scope, params }) => service.getOrg(ctx, scope, params.id),
    readSubOrg: async ({ scope, params }) => service.getSubOrg(ctx, scope, params.id),
    subOrgFlightStats: async ({ scope, params }) => service.getSubOrgFlightStats(ctx, scope, params.id),
    create: async ({ scope, body }) => service.createOrg(ctx, scope, body.name),
    update: async ({ scope, params, body }) => service.renameOrg(ctx, scope, params.id, body.name),
    readSignInPolicy: async ({ scope, params }) => service.getSignInPolicy(ctx, scope, params.id),
    updateSignInPolicy: async ({ scope, params, body }) => service.updateSignInPolicy(ctx, scope, params.id, body),
    listSubOrgs: async ({ scope, query }) => service.listSubOrgs(ctx, scope, query),
    createSubOrg: async ({ scope, body }) => service.createSubOrg(ctx, scope, body),
    updateSubOrg: async ({ scope, body }) => service.updateSubOrg(ctx, scope, body),
    removeSubOrg: async ({ scope, params }) => {
      await service.deleteSubOrg(ctx, scope, params.id);
      return undefined;
    },
  });
};
