import { operations } from '@skylog/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../lib/app-context.ts';
import { serveOperations } from '../../lib/serve-operations.ts';
import * as service from './registration.service.ts';

export const registrationRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serveOperations(app, 'registration', operations.registration, {
    invite: async ({ scope, body }) => service.createInvitation(ctx, scope, body),
    listInvitations: async ({ scope }) => service.listInvitations(ctx, scope),
    resendInvitation: async ({ scope, params }) => service.resendInvitation(ctx, scope, params.id),
    readInvitation: async ({ params }) => service.previewInvitation(ctx, params.token),
    acceptInvitation: async ({ body }) => service.acceptInvitation(ctx, body),
    registerSchool: async ({ scope, body }) => service.registerSchool(ctx, scope, body),
  });
};
