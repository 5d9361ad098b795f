import { z } from 'zod';
import {
  factorChallengeSchema,
  factorChallengeSentSchema,
  factorCreatedSchema,
  factorCreateSchema,
  factorListSchema,
  factorVerifySchema,
  identityListSchema,
  passwordConfirmSchema,
  recoveryCodesSchema,
  secondStepSchema,
  sessionListSchema,
} from '../schemas/account-security.ts';
import { idParamsSchema } from '../schemas/users.ts';
import { defineOperations } from './define.ts';

/**
 * Account security (docs/product.md "Sign-in and second step"): a person's own second-step factors, sessions and
 * provider accounts; each acts on the signed-in person only, and nobody manages another's. better-auth's rows get uuids
 * (generateId in apps/server/src/lib/better-auth.ts), so every `:id` is one.
 */
export const accountSecurityOperations = defineOperations({
  // Which second steps a pending sign-in may use; the step's own signed cookie names the person.
  readSecondStep: {
    name: 'sign-in.second-step',
    method: 'GET',
    path: '/api/sign-in/second-step',
    access: 'public',
    summary: "A pending sign-in's second steps: authenticator app, text message, recovery code",
    responses: { 200: secondStepSchema },
  },
  listFactors: {
    name: 'factors.list',
    method: 'GET',
    path: '/api/factors',
    access: 'authenticated',
    summary: 'Your sign-in factors and recovery codes left',
    responses: { 200: factorListSchema },
  },
  createFactor: {
    name: 'factors.create',
    method: 'POST',
    path: '/api/factors',
    access: 'authenticated',
    summary: 'Add an authenticator app (TOTP) or a phone (text messages); confirm it with its first code',
    body: factorCreateSchema,
    responses: { 201: factorCreatedSchema },
  },
  challengeFactor: {
    name: 'factors.challenge',
    method: 'POST',
    path: '/api/factors/:id/challenge',
    access: 'authenticated',
    summary: 'Send a new phone its code by text message (at most a few per quarter hour)',
    params: idParamsSchema,
    body: factorChallengeSchema,
    responses: { 201: factorChallengeSentSchema },
  },
  verifyFactor: {
    name: 'factors.verify',
    method: 'POST',
    path: '/api/factors/:id/verify',
    access: 'authenticated',
    summary: "Confirm a factor with its first code (a phone's names its challenge); sign-in then asks for one",
    params: idParamsSchema,
    body: factorVerifySchema,
    responses: { 200: factorListSchema },
  },
  removeFactor: {
    name: 'factors.delete',
    method: 'DELETE',
    path: '/api/factors/:id',
    access: 'authenticated',
    summary: 'Remove a factor (not the authenticator app of someone who must have one)',
    params: idParamsSchema,
    body: passwordConfirmSchema,
    responses: { 204: z.null() },
  },
  regenerateRecoveryCodes: {
    name: 'factors.recovery-codes',
    method: 'POST',
    path: '/api/factors/recovery-codes',
    access: 'authenticated',
    summary: 'New recovery codes; the old ones stop working',
    body: passwordConfirmSchema,
    responses: { 200: recoveryCodesSchema },
  },
  listIdentities: {
    name: 'identities.list',
    method: 'GET',
    path: '/api/identities',
    access: 'authenticated',
    summary: 'Your accounts at sign-in providers (Google, Microsoft, single sign-on)',
    responses: { 200: identityListSchema },
  },
  unlinkIdentity: {
    name: 'identities.unlink',
    method: 'DELETE',
    path: '/api/identities/:id',
    access: 'authenticated',
    summary: 'Stop signing in with a provider account',
    params: idParamsSchema,
    body: passwordConfirmSchema,
    responses: { 204: z.null() },
  },
  listSessions: {
    name: 'sessions.list',
    method: 'GET',
    path: '/api/sessions',
    access: 'authenticated',
    summary: 'Where you are signed in',
    responses: { 200: sessionListSchema },
  },
  revokeSession: {
    name: 'sessions.revoke',
    method: 'DELETE',
    path: '/api/sessions/:id',
    access: 'authenticated',
    summary: 'Sign out one of your other sessions',
    params: idParamsSchema,
    responses: { 204: z.null() },
  },
  revokeOtherSessions: {
    name: 'sessions.revoke-others',
    method: 'POST',
    path: '/api/sessions/revoke-others',
    access: 'authenticated',
    summary: 'Sign out everywhere else',
    responses: { 204: z.null() },
  },
});
