import {
  invitationAcceptSchema,
  invitationCreatedSchema,
  invitationCreateSchema,
  invitationListSchema,
  invitationPreviewSchema,
  idParamsSchema,
  invitationTokenParamsSchema,
  schoolRegistrationAcceptedSchema,
  schoolRegistrationSchema,
  text,
} from '@skylog/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/app-context.ts';
import { requireUser } from '../../lib/require-user.ts';
import * as service from './registration.service.ts';

const createdAccountSchema = z.object({ skylog_id: z.uuid(), email: text() });

export const registrationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/invitations',
    {
      config: { operation: 'invitations.create' },
      schema: { tags: ['registration'], summary: 'Invite someone by e-mail', body: invitationCreateSchema, response: { 201: invitationCreatedSchema } },
    },
    async (request, reply) => reply.status(201).send(await service.createInvitation(ctx, requireUser(request), request.body, request.url)),
  );

  app.get(
    '/api/invitations',
    {
      config: { operation: 'invitations.list' },
      schema: { tags: ['registration'], summary: 'Open invitations', response: { 200: invitationListSchema } },
    },
    async (request) => service.listInvitations(ctx, requireUser(request)),
  );

  app.post(
    '/api/invitations/:id/resend',
    {
      config: { operation: 'invitations.resend' },
      schema: { tags: ['registration'], summary: 'Send a new invitation link', params: idParamsSchema, response: { 200: invitationCreatedSchema } },
    },
    async (request) => service.resendInvitation(ctx, requireUser(request), request.params.id, request.url),
  );

  app.get(
    '/api/registration/invitations/:token',
    {
      config: { operation: 'registration.read-invitation' },
      schema: { tags: ['registration'], summary: 'What an invitation link is for', params: invitationTokenParamsSchema, response: { 200: invitationPreviewSchema } },
    },
    async (request) => service.previewInvitation(ctx, request.params.token),
  );

  app.post(
    '/api/registration/accept',
    {
      config: { operation: 'registration.accept-invitation' },
      schema: { tags: ['registration'], summary: 'Register from an invitation', body: invitationAcceptSchema, response: { 201: createdAccountSchema } },
    },
    async (request, reply) => reply.status(201).send(await service.acceptInvitation(ctx, request.body)),
  );

  app.post(
    '/api/registration/school',
    {
      config: { operation: 'registration.register-school' },
      schema: {
        tags: ['registration'],
        summary: 'Register a new school and its first administrator (202 either way: the e-mail says what happened; 429 when one address registers too often)',
        body: schoolRegistrationSchema,
        response: { 202: schoolRegistrationAcceptedSchema },
      },
    },
    async (request, reply) => reply.status(202).send(await service.registerSchool(ctx, request.body, request.ip)),
  );
};
