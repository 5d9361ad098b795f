import { meSchema, orgSwitchSchema, profileUpdateSchema, skylogIdParamsSchema } from '@skylog/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/app-context.ts';
import { requireUser } from '../../lib/require-user.ts';
import * as service from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/me',
    { config: { operation: 'me.read' }, schema: { tags: ['users'], summary: 'The signed-in account', response: { 200: meSchema } } },
    async (request) => service.getMe(ctx, requireUser(request)),
  );

  app.patch(
    '/api/users/:skylog_id',
    {
      config: { operation: 'users.update-profile' },
      schema: {
        tags: ['users'],
        summary: 'Update a profile (204; 409 when the e-mail belongs to another account)',
        params: skylogIdParamsSchema,
        body: profileUpdateSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.updateProfile(ctx, requireUser(request), request.params.skylog_id, request.body, request.url);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/me/org',
    {
      config: { operation: 'orgs.switch' },
      schema: { tags: ['orgs'], summary: 'Switch organization (super_admin)', body: orgSwitchSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await service.switchOrg(ctx, requireUser(request), request.body.org_id);
      return reply.status(204).send(null);
    },
  );
};
