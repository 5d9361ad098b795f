import { operations } from '@skylog/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../lib/app-context.ts';
import { serveOperations } from '../../lib/serve-operations.ts';
import * as emailChange from './email-change.service.ts';
import * as service from './users.service.ts';

export const usersRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { switchOrg, ...accountOperations } = operations.users;

  serveOperations(app, 'users', accountOperations, {
    me: async ({ scope }) => service.getMe(ctx, scope),
    updateProfile: async ({ scope, params, body }) => {
      await service.updateProfile(ctx, scope, params.skylog_id, body);
      return undefined;
    },
    requestEmailChange: async ({ scope, body }) => emailChange.requestEmailChange(ctx, scope, body),
    confirmEmailChange: async ({ body }) => emailChange.confirmEmailChange(ctx, body.token),
  });

  // Listed with the organizations in the API document: it changes which one the super_admin works in.
  serveOperations(
    app,
    'orgs',
    { switchOrg },
    {
      switchOrg: async ({ scope, body }) => {
        await service.switchOrg(ctx, scope, body.org_id);
        return undefined;
      },
    },
  );
};
