import { apiTokenCreatedSchema, apiTokenCreateSchema, apiTokenSchema, idParamsSchema } from '@skylog/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/app-context.ts';
import { requireUser } from '../../lib/require-user.ts';
import * as service from './access-tokens.service.ts';

const tags = ['access tokens'];

export const accessTokensRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/access-tokens',
    { config: { operation: 'access-tokens.list' }, schema: { tags, summary: 'Your personal access tokens (for the recorder app)', response: { 200: z.object({ items: z.array(apiTokenSchema) }) } } },
    async (request) => service.listTokens(ctx, requireUser(request)),
  );

  app.post(
    '/api/access-tokens',
    {
      config: { operation: 'access-tokens.create' },
      schema: {
        tags,
        summary: 'Create a token; send it as "Authorization: Bearer <token>". It is shown only once.',
        body: apiTokenCreateSchema,
        response: { 201: apiTokenCreatedSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createToken(ctx, requireUser(request), request.body.name)),
  );

  app.delete(
    '/api/access-tokens/:id',
    { config: { operation: 'access-tokens.revoke' }, schema: { tags, summary: 'Revoke a token at once', params: idParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await service.revokeToken(ctx, requireUser(request), request.params.id, request.url);
      return reply.status(204).send(null);
    },
  );
};
