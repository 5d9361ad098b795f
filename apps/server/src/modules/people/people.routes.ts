import { operations } from '@skylog/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../lib/app-context.ts';
import { serveOperations } from '../../lib/serve-operations.ts';
import * as service from './people.service.ts';

export const peopleRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serveOperations(app, 'people', operations.people, {
    list: async ({ scope, query }) => service.listPeople(ctx, scope, query),
    read: async ({ scope, params }) => service.getPerson(ctx, scope, params.skylog_id),
    changeRole: async ({ scope, params, body }) => service.changeRole(ctx, scope, params.skylog_id, body.user_type),
    assign: async ({ scope, params, body }) => service.assign(ctx, scope, params.skylog_id, body),
    deactivate: async ({ scope, params }) => service.setActive(ctx, scope, params.skylog_id, false),
    reactivate: async ({ scope, params }) => service.setActive(ctx, scope, params.skylog_id, true),
    remove: async ({ scope, params }) => {
      await service.deletePerson(ctx, scope, params.skylog_id);
      return undefined;
    },
    updateCable: async ({ scope, params, body }) => service.updateCable(ctx, scope, params.skylog_id, body.cable_collections),
  });
};
