import {
  emailChangeConfirmedSchema,
  emailChangeConfirmSchema,
  emailChangeRequestedSchema,
  emailChangeRequestSchema,
  meSchema,
  orgSwitchSchema,
  profileUpdateSchema,
  skylogIdParamsSchema,
} from '@skylog/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/app-context.ts';
import { requireUser } from '../../lib/require-user.ts';
import * as emailChange from './email-change.service.ts';
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
        summary: 'Update a profile (204). The sign-in e-mail is changed only by its owner: POST /api/me/email-change',
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
    '/api/me/email-change',
    {
      config: { operation: 'me.change-email' },
      schema: {
        tags: ['users'],
        summary: 'Ask to change your own sign-in e-mail (your password; a link goes to the new address)',
        body: emailChangeRequestSchema,
        response: { 202: emailChangeRequestedSchema },
      },
    },
    async (request, reply) => reply.status(202).send(await emailChange.requestEmailChange(ctx, requireUser(request), request.body, request.ip)),
  );

  app.post(
    '/api/registration/email-change/confirm',
    {
      config: { operation: 'registration.confirm-email-change' },
      schema: {
        tags: ['users'],
        summary: 'Open the link sent to the new address: the sign-in e-mail changes and other sessions end',
        body: emailChangeConfirmSchema,
        response: { 200: emailChangeConfirmedSchema },
      },
    },
    async (request) => emailChange.confirmEmailChange(ctx, request.body.token),
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
