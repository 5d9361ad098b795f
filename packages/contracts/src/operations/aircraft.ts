import { z } from 'zod';
import { roleGroups } from '../roles.ts';
import { aircraftCreateSchema, aircraftListQuerySchema, aircraftListSchema, aircraftSchema, aircraftUpdateSchema } from '../schemas/aircraft.ts';
import { idParamsSchema } from '../schemas/users.ts';
import { defineOperations } from './define.ts';

/** The school's fleet: every member reads it (pickers, the flights list); its administrators change it. */
export const aircraftOperations = defineOperations({
  list: {
    name: 'aircraft.list',
    method: 'GET',
    path: '/api/aircraft',
    access: 'authenticated',
    summary: 'The fleet, with exact total',
    query: aircraftListQuerySchema,
    responses: { 200: aircraftListSchema },
  },
  read: {
    name: 'aircraft.read',
    method: 'GET',
    path: '/api/aircraft/:id',
    access: 'authenticated',
    summary: 'One aircraft',
    params: idParamsSchema,
    responses: { 200: aircraftSchema },
  },
  create: {
    name: 'aircraft.create',
    method: 'POST',
    path: '/api/aircraft',
    access: roleGroups.orgAdmins,
    summary: 'Add an aircraft',
    body: aircraftCreateSchema,
    responses: { 201: aircraftSchema },
  },
  update: {
    name: 'aircraft.update',
    method: 'PATCH',
    path: '/api/aircraft/:id',
    access: roleGroups.orgAdmins,
    summary: 'Edit an aircraft',
    params: idParamsSchema,
    body: aircraftUpdateSchema,
    responses: { 200: aircraftSchema },
  },
  remove: {
    name: 'aircraft.delete',
    method: 'DELETE',
    path: '/api/aircraft/:id',
    access: roleGroups.orgAdmins,
    summary: 'Remove an aircraft',
    params: idParamsSchema,
    responses: { 204: z.null() },
  },
});
