import { z } from 'zod';
import { defineOperations } from './define.ts';

/** The server itself: whether it is up, and the API document generated from the routes it serves. */
export const healthOperations = defineOperations({
  read: {
    name: 'health.read',
    method: 'GET',
    path: '/api/health',
    access: 'public',
    summary: 'Liveness',
    responses: { 200: z.object({ status: z.literal('ok') }) },
  },
  // The OpenAPI document, written by the server's OpenAPI plugin from the registered routes (not described by a
  // schema of its own); it does not list itself.
  readApiDocument: {
    name: 'openapi.read',
    method: 'GET',
    path: '/api/openapi.json',
    access: 'public',
    summary: 'The OpenAPI document of this API',
    responses: { 200: 'file' },
    hidden: true,
  },
});
