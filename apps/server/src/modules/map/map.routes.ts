import { operations } from '@skylog/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { serveOperations } from '../../lib/serve-operations.ts';
import * as service from './map.service.ts';

export const mapRoutes: FastifyPluginAsync = async (app) => {
  serveOperations(app, 'map', operations.map, {
    readFeatures: async ({ query }) => service.getMapFeatures(query),
  });
};
