import { z } from 'zod';
import { apiTokenCreatedSchema, apiTokenCreateSchema, apiTokenSchema } from '../schemas/trips.ts';
import { idParamsSchema } from '../schemas/users.ts';
import { defineOperations } from './define.ts';

/** A person's own personal access tokens, for the recorder app: nobody lists or revokes another's. */
export const accessTokensOperations = defineOperations({
  list: {
    name: 'access-tokens.list',
    method: 'GET',
    path: '/api/access-tokens',
    access: 'authenticated',
    summary: 'Your personal access tokens (for the recorder app)',
    responses: { 200: z.object({ items: z.array(apiTokenSchema) }) },
  },
  create: {
    name: 'access-tokens.create',
    method: 'POST',
    path: '/api/access-tokens',
    access: 'authenticated',
    summary: 'Create a token; send it as "Authorization: Bearer <token>". It is shown only once.',
    body: apiTokenCreateSchema,
    responses: { 201: apiTokenCreatedSchema },
  },
  revoke: {
    name: 'access-tokens.revoke',
    method: 'DELETE',
    path: '/api/access-tokens/:id',
    access: 'authenticated',
    summary: 'Revoke a token at once',
    params: idParamsSchema,
    responses: { 204: z.null() },
  },
});
