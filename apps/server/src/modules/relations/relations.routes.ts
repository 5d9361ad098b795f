import { relationListSchema, relationSchema, relationsCreateSchema, relationsQuerySchema } from '@skylog/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/app-context.ts';
import { requireUser } from '../../lib/require-user.ts';
import * as service from './relations.service.ts';

export const relationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/student-instructor',
    {
      config: { operation: 'relations.list' },
      schema: { tags: ['people'], summary: 'Instructor–student links', querystring: relationsQuerySchema, response: { 200: relationListSchema } },
    },
    async (request) => service.listRelations(ctx, requireUser(request), request.query),
  );

  app.post(
    '/api/student-instructor',
    {
      config: { operation: 'relations.create' },
      schema: { tags: ['people'], summary: 'Link several instructor–student pairs at once', body: relationsCreateSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await service.createRelations(ctx, requireUser(request), request.body, request.url);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/student-instructor',
    {
      config: { operation: 'relations.delete' },
      schema: { tags: ['people'], summary: 'Remove one link', querystring: relationSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await service.deleteRelation(ctx, requireUser(request), request.query, request.url);
      return reply.status(204).send(null);
    },
  );
};
