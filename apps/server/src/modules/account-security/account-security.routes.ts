import {
  factorChallengeSchema,
  factorChallengeSentSchema,
  factorCreatedSchema,
  factorCreateSchema,
  factorListSchema,
  factorVerifySchema,
  identityListSchema,
  idParamsSchema,
  passwordConfirmSchema,
  recoveryCodesSchema,
  secondStepSchema,
  sessionListSchema,
} from '@skylog/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/app-context.ts';
import { toAuthHeaders } from '../../lib/better-auth.ts';
import { requireUser } from '../../lib/require-user.ts';
import * as service from './account-security.service.ts';

const tags = ['account security'];
// better-auth's rows get uuids here (lib/better-auth.ts generateId).
const params = idParamsSchema;

/** A factor change renews the session (better-auth): the browser gets the new cookie. */
function withCookies(reply: FastifyReply, cookies: string[]): FastifyReply {
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  return reply;
}

/** docs/product-spec.md §7 "Auth service" factors, and the person's own sessions: each acts on the signed-in person only. */
export const accountSecurityRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/sign-in/second-step',
    {
      config: { operation: 'sign-in.second-step' },
      schema: {
        tags,
        summary: "A pending sign-in's second steps: authenticator app, text message, recovery code",
        response: { 200: secondStepSchema },
      },
    },
    async (request) => service.secondStepOf(ctx, request.headers.cookie),
  );

  app.get(
    '/api/factors',
    {
      config: { operation: 'factors.list' },
      schema: { tags, summary: 'Your sign-in factors and recovery codes left', response: { 200: factorListSchema } },
    },
    async (request) => service.listFactors(ctx, requireUser(request)),
  );

  app.post(
    '/api/factors',
    {
      config: { operation: 'factors.create' },
      schema: {
        tags,
        summary: 'Add an authenticator app (TOTP) or a phone (text messages); confirm it with its first code',
        body: factorCreateSchema,
        response: { 201: factorCreatedSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createFactor(ctx, requireUser(request), request.body, toAuthHeaders(request), request.ip)),
  );

  app.post(
    '/api/factors/:id/challenge',
    {
      config: { operation: 'factors.challenge' },
      schema: {
        tags,
        summary: 'Send a new phone its code by text message (at most a few per quarter hour)',
        params,
        body: factorChallengeSchema,
        response: { 201: factorChallengeSentSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.challengeFactor(ctx, requireUser(request), request.params.id)),
  );

  app.post(
    '/api/factors/:id/verify',
    {
      config: { operation: 'factors.verify' },
      schema: {
        tags,
        summary: "Confirm a factor with its first code (a phone's names its challenge); sign-in then asks for one",
        params,
        body: factorVerifySchema,
        response: { 200: factorListSchema },
      },
    },
    async (request, reply) => {
      const { body, cookies } = await service.verifyFactor(
        ctx,
        requireUser(request),
        request.params.id,
        request.body,
        toAuthHeaders(request),
      );
      return withCookies(reply, cookies).send(body);
    },
  );

  app.delete(
    '/api/factors/:id',
    {
      config: { operation: 'factors.delete' },
      schema: {
        tags,
        summary: 'Remove a factor (not the authenticator app of someone who must have one)',
        params,
        body: passwordConfirmSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const cookies = await service.deleteFactor(
        ctx,
        requireUser(request),
        request.params.id,
        request.body.password,
        toAuthHeaders(request),
        request.ip,
      );
      return withCookies(reply, cookies).status(204).send(null);
    },
  );

  app.post(
    '/api/factors/recovery-codes',
    {
      config: { operation: 'factors.recovery-codes' },
      schema: {
        tags,
        summary: 'New recovery codes; the old ones stop working',
        body: passwordConfirmSchema,
        response: { 200: recoveryCodesSchema },
      },
    },
    async (request) =>
      service.regenerateRecoveryCodes(ctx, requireUser(request), request.body.password, toAuthHeaders(request), request.ip),
  );

  app.get(
    '/api/identities',
    {
      config: { operation: 'identities.list' },
      schema: {
        tags,
        summary: 'Your accounts at sign-in providers (Google, Microsoft, single sign-on)',
        response: { 200: identityListSchema },
      },
    },
    async (request) => service.listIdentities(ctx, requireUser(request)),
  );

  app.delete(
    '/api/identities/:id',
    {
      config: { operation: 'identities.unlink' },
      schema: {
        tags,
        summary: 'Stop signing in with a provider account',
        params,
        body: passwordConfirmSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.unlinkIdentity(ctx, requireUser(request), request.params.id, request.body.password, request.ip);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/sessions',
    { config: { operation: 'sessions.list' }, schema: { tags, summary: 'Where you are signed in', response: { 200: sessionListSchema } } },
    async (request) => service.listSessions(ctx, requireUser(request)),
  );

  app.delete(
    '/api/sessions/:id',
    {
      config: { operation: 'sessions.revoke' },
      schema: { tags, summary: 'Sign out one of your other sessions', params, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await service.revokeSession(ctx, requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/sessions/revoke-others',
    { config: { operation: 'sessions.revoke-others' }, schema: { tags, summary: 'Sign out everywhere else', response: { 204: z.null() } } },
    async (request, reply) => {
      await service.revokeOtherSessions(ctx, requireUser(request));
      return reply.status(204).send(null);
    },
  );
};
