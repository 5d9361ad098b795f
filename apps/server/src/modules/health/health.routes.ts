import { operations } from '@skylog/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { serveOperations } from '../../lib/serve-operations.ts';

/** Whether the server is up, and its API document (generated from every route registered, this one's included). */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  serveOperations(
    app,
    'health',
    operations.health,
    {
      read: async () => ({ status: 'ok' as const }),
      readApiDocument: async ({ reply }) => reply.send(app.swagger()),
    },
    // A 15-byte answer, asked every few seconds by load balancers: never compressed, so not even asked how.
    { read: { compress: false } },
  );
};
