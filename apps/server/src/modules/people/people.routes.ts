import {
  assignmentSchema,
  cableUpdateSchema,
  personListSchema,
  personSchema,
  roleChangeSchema,
  skylogIdParamsSchema,
  userListQuerySchema,
} from '@skylog/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/app-context.ts';
import { requireUser } from '../../lib/require-user.ts';
import * as service from './people.service.ts';

export const peopleRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/users',
    {
      config: { operation: 'users.list' },
      schema: {
        tags: ['people'],
        summary: 'People in the caller’s scope, with exact total (page_size 10 by default)',
        querystring: userListQuerySchema,
        response: { 200: personListSchema },
      },
    },
    async (request) => service.listPeople(ctx, requireUser(request), request.query, request.url),
  );

  app.get(
    '/api/users/:skylog_id',
    {
      config: { operation: 'users.read' },
      schema: { tags: ['people'], summary: 'One person', params: skylogIdParamsSchema, response: { 200: personSchema } },
    },
    async (request) => service.getPerson(ctx, requireUser(request), request.params.skylog_id, request.url),
  );

  app.put(
    '/api/users/:skylog_id/role',
    {
      config: { operation: 'users.change-role' },
      schema: {
        tags: ['people'],
        summary: 'Change a role (signs the person out everywhere)',
        params: skylogIdParamsSchema,
        body: roleChangeSchema,
        response: { 200: personSchema },
      },
    },
    async (request) => service.changeRole(ctx, requireUser(request), request.params.skylog_id, request.body.user_type, request.url),
  );

  app.post(
    '/api/users/:skylog_id/assignment',
    {
      config: { operation: 'users.assign' },
      schema: {
        tags: ['people'],
        summary: 'Assign organization (super_admin) and sub-organization (signs the person out everywhere)',
        params: skylogIdParamsSchema,
        body: assignmentSchema,
        response: { 200: personSchema },
      },
    },
    async (request) => service.assign(ctx, requireUser(request), request.params.skylog_id, request.body, request.url),
  );

  for (const [suffix, isActive] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    app.post(
      `/api/users/:skylog_id/${suffix}`,
      {
        config: { operation: 'users.set-active' },
        schema: {
          tags: ['people'],
          summary: isActive ? 'Let a deactivated person sign in again' : 'Stop a person signing in (history stays)',
          params: skylogIdParamsSchema,
          response: { 200: personSchema },
        },
      },
      async (request) => service.setActive(ctx, requireUser(request), request.params.skylog_id, isActive, request.url),
    );
  }

  app.delete(
    '/api/users/:skylog_id',
    {
      config: { operation: 'users.delete' },
      schema: { tags: ['people'], summary: 'Delete an instructor or student', params: skylogIdParamsSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await service.deletePerson(ctx, requireUser(request), request.params.skylog_id, request.url);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/api/users/:skylog_id/cable',
    {
      config: { operation: 'users.update-cable' },
      schema: {
        tags: ['people'],
        summary: 'Record whether the recorder cable was collected',
        params: skylogIdParamsSchema,
        body: cableUpdateSchema,
        response: { 200: personSchema },
      },
    },
    async (request) => service.updateCable(ctx, requireUser(request), request.params.skylog_id, request.body.cable_collections, request.url),
  );
};
