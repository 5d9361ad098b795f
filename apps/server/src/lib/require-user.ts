import { messages } from '@skylog/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import type { RequestUser } from './request-user.ts';

/** The authorization hook already refused anonymous calls to non-public routes; this narrows the type. */
export function requireUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw new AppError('unauthenticated', messages.notSignedIn);
  return request.user;
}
