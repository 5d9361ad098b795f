import { z } from 'zod';
import { roleGroups } from '../roles.ts';
import { signInPolicySchema } from '../schemas/account-security.ts';
import {
  orgCreateSchema,
  subOrgCreateSchema,
  subOrgFlightStatsSchema,
  subOrgListQuerySchema,
  subOrgListSchema,
  subOrgUpdateSchema,
} from '../schemas/people.ts';
import { idParamsSchema, orgListSchema, orgSchema, subOrgSchema } from '../schemas/users.ts';
import { defineOperations } from './define.ts';

const { orgAdmins, allAdmins } = roleGroups;

/**
 * Organizations (the super_admin manages them; every member reads their own) and their sub-organizations.
 * The web keeps sub-organizations' reads apart from the organizations' (`cacheRoot`): a change to one
 * does not refresh the other.
 */
export const orgsOperations = defineOperations({
  list: {
    name: 'orgs.list',
    method: 'GET',
    path: '/api/orgs',
    access: 'authenticated',
    summary: 'Organizations the caller may see',
    responses: { 200: orgListSchema },
  },
  read: {
    name: 'orgs.read',
    method: 'GET',
    path: '/api/orgs/:id',
    access: 'authenticated',
    summary: 'One organization',
    params: idParamsSchema,
    responses: { 200: orgSchema },
  },
  readSubOrg: {
    name: 'sub-orgs.read',
    method: 'GET',
    path: '/api/sub-orgs/:id',
    access: 'authenticated',
    summary: 'One sub-organization',
    params: idParamsSchema,
    responses: { 200: subOrgSchema },
    cacheRoot: 'sub-orgs',
  },
  // Flights and hours per member: what a sub-organization page shows to admins who may not open flights.
  subOrgFlightStats: {
    name: 'sub-orgs.flight-stats',
    method: 'GET',
    path: '/api/sub-orgs/:id/flight-stats',
    access: allAdmins,
    summary: "Each member's flights in the sub-organization and their flight time",
    params: idParamsSchema,
    responses: { 200: subOrgFlightStatsSchema },
    cacheRoot: 'sub-orgs',
  },
  create: {
    name: 'orgs.create',
    method: 'POST',
    path: '/api/orgs',
    access: ['super_admin'],
    summary: 'Create an organization',
    body: orgCreateSchema,
    responses: { 201: orgSchema },
  },
  update: {
    name: 'orgs.update',
    method: 'PATCH',
    path: '/api/orgs/:id',
    access: ['super_admin'],
    summary: 'Rename an organization',
    params: idParamsSchema,
    body: orgCreateSchema,
    responses: { 200: orgSchema },
  },
  // Whether the organization's administrators must sign in with a second step.
  readSignInPolicy: {
    name: 'orgs.read-sign-in-policy',
    method: 'GET',
    path: '/api/orgs/:id/sign-in-policy',
    access: orgAdmins,
    summary: "Whether the organization's administrators must use an authenticator app",
    params: idParamsSchema,
    responses: { 200: signInPolicySchema },
  },
  updateSignInPolicy: {
    name: 'orgs.update-sign-in-policy',
    method: 'PUT',
    path: '/api/orgs/:id/sign-in-policy',
    access: orgAdmins,
    summary: "Require (or not) an authenticator app of the organization's administrators",
    params: idParamsSchema,
    body: signInPolicySchema,
    responses: { 200: signInPolicySchema },
  },
  listSubOrgs: {
    name: 'sub-orgs.list',
    method: 'GET',
    path: '/api/sub-orgs',
    access: allAdmins,
    summary: 'Sub-organizations with member counts and exact total',
    query: subOrgListQuerySchema,
    responses: { 200: subOrgListSchema },
    cacheRoot: 'sub-orgs',
  },
  createSubOrg: {
    name: 'sub-orgs.create',
    method: 'POST',
    path: '/api/sub-orgs',
    access: orgAdmins,
    summary: 'Create a sub-organization',
    body: subOrgCreateSchema,
    responses: { 201: subOrgSchema },
  },
  updateSubOrg: {
    name: 'sub-orgs.update',
    method: 'PATCH',
    path: '/api/sub-orgs',
    access: allAdmins,
    summary: "Update a sub-organization; the body is the sub-organization with its id ('Sub org data must include id')",
    body: subOrgUpdateSchema,
    responses: { 200: subOrgSchema },
  },
  removeSubOrg: {
    name: 'sub-orgs.delete',
    method: 'DELETE',
    path: '/api/sub-orgs/:id',
    access: orgAdmins,
    summary: 'Delete an empty sub-organization',
    params: idParamsSchema,
    responses: { 204: z.null() },
  },
});
