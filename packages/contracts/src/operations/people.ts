import { z } from 'zod';
import { roleGroups } from '../roles.ts';
import { assignmentSchema, cableUpdateSchema, personListSchema, personSchema, roleChangeSchema, userListQuerySchema } from '../schemas/people.ts';
import { skylogIdParamsSchema } from '../schemas/users.ts';
import { defineOperations } from './define.ts';

const { orgAdmins, allAdmins } = roleGroups;

/**
 * The people of a school as its administrators and instructors manage them: who is in the caller's scope,
 * their role, organization, whether they may sign in, and the recorder cable. A person's own account and
 * profile are the users group's.
 */
export const peopleOperations = defineOperations({
  list: {
    name: 'users.list',
    method: 'GET',
    path: '/api/users',
    access: [...allAdmins, 'instructor'],
    summary: 'People in the caller’s scope, with exact total (page_size 10 by default)',
    query: userListQuerySchema,
    responses: { 200: personListSchema },
  },
  read: {
    name: 'users.read',
    method: 'GET',
    path: '/api/users/:skylog_id',
    access: 'authenticated',
    summary: 'One person',
    params: skylogIdParamsSchema,
    responses: { 200: personSchema },
  },
  changeRole: {
    name: 'users.change-role',
    method: 'PUT',
    path: '/api/users/:skylog_id/role',
    access: orgAdmins,
    summary: 'Change a role (signs the person out everywhere)',
    params: skylogIdParamsSchema,
    body: roleChangeSchema,
    responses: { 200: personSchema },
  },
  assign: {
    name: 'users.assign',
    method: 'POST',
    path: '/api/users/:skylog_id/assignment',
    access: orgAdmins,
    summary: 'Assign organization (super_admin) and sub-organization (signs the person out everywhere)',
    params: skylogIdParamsSchema,
    body: assignmentSchema,
    responses: { 200: personSchema },
  },
  // Stopping and restarting a person's sign-in are one operation to the access rules; the audit log tells them apart.
  deactivate: {
    name: 'users.set-active',
    method: 'POST',
    path: '/api/users/:skylog_id/deactivate',
    access: orgAdmins,
    summary: 'Stop a person signing in (history stays)',
    params: skylogIdParamsSchema,
    responses: { 200: personSchema },
  },
  reactivate: {
    name: 'users.set-active',
    method: 'POST',
    path: '/api/users/:skylog_id/reactivate',
    access: orgAdmins,
    summary: 'Let a deactivated person sign in again',
    params: skylogIdParamsSchema,
    responses: { 200: personSchema },
  },
  remove: {
    name: 'users.delete',
    method: 'DELETE',
    path: '/api/users/:skylog_id',
    access: [...orgAdmins, 'instructor'],
    summary: 'Delete an instructor or student',
    params: skylogIdParamsSchema,
    responses: { 204: z.null() },
  },
  updateCable: {
    name: 'users.update-cable',
    method: 'PATCH',
    path: '/api/users/:skylog_id/cable',
    access: orgAdmins,
    summary: 'Record whether the recorder cable was collected',
    params: skylogIdParamsSchema,
    body: cableUpdateSchema,
    responses: { 200: personSchema },
  },
});
