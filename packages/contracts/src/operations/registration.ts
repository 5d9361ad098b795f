import { z } from 'zod';
import { roleGroups } from '../roles.ts';
import { invitationListSchema } from '../schemas/people.ts';
import {
  invitationAcceptSchema,
  invitationCreatedSchema,
  invitationCreateSchema,
  invitationPreviewSchema,
  invitationTokenParamsSchema,
  schoolRegistrationAcceptedSchema,
  schoolRegistrationSchema,
} from '../schemas/registration.ts';
import { text } from '../schemas/text.ts';
import { idParamsSchema } from '../schemas/users.ts';
import { defineOperations } from './define.ts';

const { allAdmins } = roleGroups;

/** Invitations (sent by admins and instructors, opened without a session) and a new school's own registration. */
export const registrationOperations = defineOperations({
  invite: {
    name: 'invitations.create',
    method: 'POST',
    path: '/api/invitations',
    access: [...allAdmins, 'instructor'],
    summary: 'Invite someone by e-mail',
    body: invitationCreateSchema,
    responses: { 201: invitationCreatedSchema },
  },
  listInvitations: {
    name: 'invitations.list',
    method: 'GET',
    path: '/api/invitations',
    access: allAdmins,
    summary: 'Open invitations',
    responses: { 200: invitationListSchema },
  },
  resendInvitation: {
    name: 'invitations.resend',
    method: 'POST',
    path: '/api/invitations/:id/resend',
    access: allAdmins,
    summary: 'Send a new invitation link',
    params: idParamsSchema,
    responses: { 200: invitationCreatedSchema },
  },
  readInvitation: {
    name: 'registration.read-invitation',
    method: 'GET',
    path: '/api/registration/invitations/:token',
    access: 'public',
    summary: 'What an invitation link is for',
    params: invitationTokenParamsSchema,
    responses: { 200: invitationPreviewSchema },
  },
  acceptInvitation: {
    name: 'registration.accept-invitation',
    method: 'POST',
    path: '/api/registration/accept',
    access: 'public',
    summary: 'Register from an invitation',
    body: invitationAcceptSchema,
    responses: { 201: z.object({ skylog_id: z.uuid(), email: text() }) },
  },
  registerSchool: {
    name: 'registration.register-school',
    method: 'POST',
    path: '/api/registration/school',
    access: 'public',
    summary:
      'Register a new school and its first administrator (202 either way: the e-mail says what happened; 429 when one address registers too often)',
    body: schoolRegistrationSchema,
    responses: { 202: schoolRegistrationAcceptedSchema },
  },
});
