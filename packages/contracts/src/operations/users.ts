import { z } from 'zod';
import {
  emailChangeConfirmedSchema,
  emailChangeConfirmSchema,
  emailChangeRequestedSchema,
  emailChangeRequestSchema,
} from '../schemas/registration.ts';
import { profileUpdateSchema } from '../schemas/profile.ts';
import { meSchema, orgSwitchSchema, skylogIdParamsSchema } from '../schemas/users.ts';
import { defineOperations } from './define.ts';

/** The signed-in account, a person's profile, the owner's own sign-in e-mail, and the organization a super_admin works in. */
export const usersOperations = defineOperations({
  me: {
    name: 'me.read',
    method: 'GET',
    path: '/api/me',
    access: 'authenticated',
    summary: 'The signed-in account',
    responses: { 200: meSchema },
  },
  updateProfile: {
    name: 'users.update-profile',
    method: 'PATCH',
    path: '/api/users/:skylog_id',
    access: 'authenticated',
    summary: 'Update a profile (204). The sign-in e-mail is changed only by its owner: POST /api/me/email-change',
    params: skylogIdParamsSchema,
    body: profileUpdateSchema,
    responses: { 204: z.null() },
  },
  requestEmailChange: {
    name: 'me.change-email',
    method: 'POST',
    path: '/api/me/email-change',
    access: 'authenticated',
    summary: 'Ask to change your own sign-in e-mail (your password; a link goes to the new address)',
    body: emailChangeRequestSchema,
    responses: { 202: emailChangeRequestedSchema },
  },
  // The link in the e-mail proves the new address; no session needed to open it.
  confirmEmailChange: {
    name: 'registration.confirm-email-change',
    method: 'POST',
    path: '/api/registration/email-change/confirm',
    access: 'public',
    summary: 'Open the link sent to the new address: the sign-in e-mail changes and other sessions end',
    body: emailChangeConfirmSchema,
    responses: { 200: emailChangeConfirmedSchema },
  },
  switchOrg: {
    name: 'orgs.switch',
    method: 'POST',
    path: '/api/me/org',
    access: ['super_admin'],
    summary: 'Switch organization (super_admin)',
    body: orgSwitchSchema,
    responses: { 204: z.null() },
  },
});
