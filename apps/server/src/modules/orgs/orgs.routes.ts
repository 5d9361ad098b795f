import {
  idParamsSchema,
  orgCreateSchema,
  orgListSchema,
  orgSchema,
  signInPolicySchema,
  subOrgCreateSchema,
  subOrgFlightStatsSchema,
  subOrgListQuerySchema,
  subOrgListSchema,
  subOrgSchema,
  subOrgUpdateSchema,
} from '@skylog/contracts';
import { z } from 'zod';
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

  app.get(
    '/api/sub-orgs/:id/flight-stats',
    {
      config: { operation: 'sub-orgs.flight-stats' },
      schema: {
        tags: ['orgs'],
        summary: "Each member's flights in the sub-organization and their flight time",
        params: idParamsSchema,
        response: { 200: subOrgFlightStatsSchema },
      },
    },
    async (request) => service.getSubOrgFlightStats(ctx, requireUser(request), request.params.id, request.url),
  );

  app.post(
    '/api/orgs',
    { config: { operation: 'orgs.create' }, schema: { tags: ['orgs'], summary: 'Create an organization', body: orgCreateSchema, response: { 201: orgSchema } } },
    async (request, reply) => reply.status(201).send(await service.createOrg(ctx, requireUser(request), request.body.name)),
  );

  app.patch(
    '/api/orgs/:id',
    {
      config: { operation: 'orgs.update' },
      schema: { tags: ['orgs'], summary: 'Rename an organization', params: idParamsSchema, body: orgCreateSchema, response: { 200: orgSchema } },
    },
    async (request) => service.renameOrg(ctx, requireUser(request), request.params.id, request.body.name),
  );

  app.get(
    '/api/orgs/:id/sign-in-policy',
    {
      config: { operation: 'orgs.read-sign-in-policy' },
      schema: { tags: ['orgs'], summary: "Whether the organization's administrators must use an authenticator app", params: idParamsSchema, response: { 200: signInPolicySchema } },
    },
    async (request) => service.getSignInPolicy(ctx, requireUser(request), request.params.id, request.url),
  );

  app.put(
    '/api/orgs/:id/sign-in-policy',
    {
      config: { operation: 'orgs.update-sign-in-policy' },
      schema: {
        tags: ['orgs'],
        summary: "Require (or not) an authenticator app of the organization's administrators",
        params: idParamsSchema,
        body: signInPolicySchema,
        response: { 200: signInPolicySchema },
      },
    },
    async (request) => service.updateSignInPolicy(ctx, requireUser(request), request.params.id, request.body, request.url),
  );

  app.get(
    '/api/sub-orgs',
    {
      config: { operation: 'sub-orgs.list' },
      schema: { tags: ['orgs'], summary: 'Sub-organizations with member counts and exact total', querystring: subOrgListQuerySchema, response: { 200: subOrgListSchema } },
    },
    async (request) => service.listSubOrgs(ctx, requireUser(request), request.query, request.url),
  );

  app.post(
    '/api/sub-orgs',
    {
      config: { operation: 'sub-orgs.create' },
      schema: { tags: ['orgs'], summary: 'Create a sub-organization', body: subOrgCreateSchema, response: { 201: subOrgSchema } },
    },
    async (request, reply) => reply.status(201).send(await service.createSubOrg(ctx, requireUser(request), request.body, request.url)),
  );

  app.patch(
    '/api/sub-orgs',
    {
      config: { operation: 'sub-orgs.update' },
      schema: {
        tags: ['orgs'],
        summary: "Update a sub-organization; the body is the sub-organization with its id ('Sub org data must include id')",
        body: subOrgUpdateSchema,
        response: { 200: subOrgSchema },
      },
    },
    async (request) => service.updateSubOrg(ctx, requireUser(request), request.body, request.url),
  );

  app.delete(
    '/api/sub-orgs/:id',
    {
      config: { operation: 'sub-orgs.delete' },
      schema: { tags: ['orgs'], summary: 'Delete an empty sub-organization', params: idParamsSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await service.deleteSubOrg(ctx, requireUser(request), request.params.id, request.url);
      return reply.status(204).send(null);
    },
  );
};
