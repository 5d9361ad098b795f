import { aircraftCreateSchema, aircraftListQuerySchema, aircraftListSchema, aircraftSchema, aircraftUpdateSchema, idParamsSchema } from '@skylog/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/app-context.ts';
import { requireUser } from '../../lib/require-user.ts';
import * as service from './aircraft.service.ts';

export const aircraftRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/aircraft',
    {
      config: { operation: 'aircraft.list' },
      schema: { tags: ['aircraft'], summary: 'The fleet, with exact total', querystring: aircraftListQuerySchema, response: { 200: aircraftListSchema } },
    },
    async (request) => service.listAircraft(ctx, requireUser(request), request.query),
  );

  app.get(
    '/api/aircraft/:id',
    { config: { operation: 'aircraft.read' }, schema: { tags: ['aircraft'], summary: 'One aircraft', params: idParamsSchema, response: { 200: aircraftSchema } } },
    async (request) => service.getAircraft(ctx, requireUser(request), request.params.id, request.url),
  );

  app.post(
    '/api/aircraft',
    { config: { operation: 'aircraft.create' }, schema: { tags: ['aircraft'], summary: 'Add an aircraft', body: aircraftCreateSchema, response: { 201: aircraftSchema } } },
    async (request, reply) => reply.status(201).send(await service.createAircraft(ctx, requireUser(request), request.body)),
  );

  app.patch(
    '/api/aircraft/:id',
    {
      config: { operation: 'aircraft.update' },
      schema: { tags: ['aircraft'], summary: 'Edit an aircraft', params: idParamsSchema, body: aircraftUpdateSchema, response: { 200: aircraftSchema } },
    },
    async (request) => service.updateAircraft(ctx, requireUser(request), request.params.id, request.body, request.url),
  );

  app.delete(
    '/api/aircraft/:id',
    { config: { operation: 'aircraft.delete' }, schema: { tags: ['aircraft'], summary: 'Remove an aircraft', params: idParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await service.deleteAircraft(ctx, requireUser(request), request.params.id, request.url);
      return reply.status(204).send(null);
    },
  );
};
