import { idParamsSchema, orgListSchema, orgSchema, subOrgSchema } from '@skylog/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/app-context.ts';
import { requireUser } from '../../lib/require-user.ts';
import * as service from './orgs.service.ts';

export const orgsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/orgs',
    { config: { operation: 'orgs.list' }, schema: { tags: ['orgs'], summary: 'Organizations the caller may see', response: { 200: orgListSchema } } },
    async (request) => {
      const items = await service.listVisibleOrgs(ctx, requireUser(request));
      return { items, total: items.length };
    },
  );

  app.get(
    '/api/orgs/:id',
    { config: { operation: 'orgs.read' }, schema: { tags: ['orgs'], summary: 'One organization', params: idParamsSchema, response: { 200: orgSchema } } },
    async (request) => service.getOrg(ctx, requireUser(request), request.params.id, request.url),
  );

  app.get(
    '/api/sub-orgs/:id',
    {
      config: { operation: 'sub-orgs.read' },
      schema: { tags: ['orgs'], summary: 'One sub-organization', params: idParamsSchema, response: { 200: subOrgSchema } },
    },
    async (request) => service.getSubOrg(ctx, requireUser(request), request.params.id, request.url),
  );
};
