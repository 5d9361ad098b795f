import { z } from 'zod';
import { roleGroups } from '../roles.ts';
import { relationListSchema, relationSchema, relationsCreateSchema, relationsQuerySchema } from '../schemas/people.ts';
import { defineOperations } from './define.ts';

const linkers = [...roleGroups.orgAdmins, 'instructor'] as const;

/** Which instructor teaches which student: everyone reads the links in their scope; admins and instructors change them. */
export const relationsOperations = defineOperations({
  list: {
    name: 'relations.list',
    method: 'GET',
    path: '/api/student-instructor',
    access: 'authenticated',
    summary: 'Instructor–student links',
    query: relationsQuerySchema,
    responses: { 200: relationListSchema },
  },
  create: {
    name: 'relations.create',
    method: 'POST',
    path: '/api/student-instructor',
    access: linkers,
    summary: 'Link several instructor–student pairs at once',
    body: relationsCreateSchema,
    responses: { 204: z.null() },
  },
  remove: {
    name: 'relations.delete',
    method: 'DELETE',
    path: '/api/student-instructor',
    access: linkers,
    summary: 'Remove one link',
    query: relationSchema,
    responses: { 204: z.null() },
  },
});
