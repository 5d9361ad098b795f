import { z } from 'zod';
import { roleGroups } from '../roles.ts';
import {
  crewChoicesSchema,
  shareCandidatesQuerySchema,
  shareCandidatesSchema,
  trackColumnsSchema,
  trackFormats,
  trackImportQuerySchema,
  trackImportResultSchema,
  tripCreateSchema,
  tripDetailSchema,
  tripListQuerySchema,
  tripListSchema,
  tripShareSchema,
  tripUpdateSchema,
} from '../schemas/trips.ts';
import { idParamsSchema } from '../schemas/users.ts';
import { defineOperations } from './define.ts';

const { flightRoles } = roleGroups;

/** A trip's export: the track formats Skylog writes (an IGC file is read, never written). */
const tripExportParamsSchema = idParamsSchema.extend({
  format: z.enum(trackFormats.filter((format) => format !== 'igc') as ['gpx', 'kml', 'csv'], { error: 'Export as gpx, kml or csv' }),
});

/**
 * Trips: everyone who opens flights reads what their scope holds
 * (docs/product.md "Flights and who sees them (tenancy)"); services decide per trip. Sub-organization admins never open
 * one (the route table keeps them off the flight screens, and so does the API).
 */
export const tripsOperations = defineOperations({
  list: {
    name: 'trips.list',
    method: 'GET',
    path: '/api/trips',
    access: flightRoles,
    summary: 'Trips in your scope, ten per page, exact total',
    query: tripListQuerySchema,
    responses: { 200: tripListSchema },
  },
  // Sending a new flight (Audio Upload, the recorder): whoever has an organization; its service checks the crew.
  // A sub-organization admin sends one for a member and may then only add its recording (access-rules.ts).
  create: {
    name: 'trips.create',
    method: 'POST',
    path: '/api/trips',
    access: 'authenticated',
    summary: 'Send a flight: JSON track and markers (the recorder app; personal access tokens welcome)',
    body: tripCreateSchema,
    responses: { 201: tripDetailSchema },
  },
  // Asked before sending a flight: whoever may send one may ask (the recorder too). Its answer depends on the
  // people and relations, not on any trip, so the web keeps it apart from the trips' cache.
  crewChoices: {
    name: 'trips.create',
    method: 'GET',
    path: '/api/trips/crew-choices',
    access: 'authenticated',
    summary: 'Whom you may put in the left and right seat of a flight, and the crew a new flight of yours starts with',
    responses: { 200: crewChoicesSchema },
    cacheRoot: 'crew-choices',
  },
  // The file is the raw body (up to TRACK_FILE_MAX_MB), read by the module's own content-type parser.
  importTrack: {
    name: 'trips.import-track',
    method: 'POST',
    path: '/api/trips/import',
    access: 'authenticated',
    summary:
      'Import a GPX, KML, CSV (Garmin data logs too) or IGC track file (raw body) as a new trip or into trip_id; a path without times needs takeoff_time and landing_time or landing_from_audio',
    query: trackImportQuerySchema,
    responses: { 200: trackImportResultSchema, 201: trackImportResultSchema },
  },
  read: {
    name: 'trips.read',
    method: 'GET',
    path: '/api/trips/:id',
    access: flightRoles,
    summary: 'One trip with markers and map overview (its transcript: /api/trips/{id}/transcript, full track: /api/trips/{id}/track)',
    params: idParamsSchema,
    responses: { 200: tripDetailSchema },
  },
  update: {
    name: 'trips.update',
    method: 'PATCH',
    path: '/api/trips/:id',
    access: flightRoles,
    summary: 'Edit trip details or the debrief notes (instructors and admins)',
    params: idParamsSchema,
    body: tripUpdateSchema,
    responses: { 200: tripDetailSchema },
  },
  shareCandidates: {
    name: 'trips.share',
    method: 'GET',
    path: '/api/trips/:id/share-candidates',
    access: flightRoles,
    summary: 'People of the organization this trip can be shared with (for those who may share it)',
    params: idParamsSchema,
    query: shareCandidatesQuerySchema,
    responses: { 200: shareCandidatesSchema },
  },
  share: {
    name: 'trips.share',
    method: 'PUT',
    path: '/api/trips/:id/shared-with',
    access: flightRoles,
    summary: 'Share the trip with people of the organization (replaces the list)',
    params: idParamsSchema,
    body: tripShareSchema,
    responses: { 200: tripDetailSchema },
  },
  remove: {
    name: 'trips.delete',
    method: 'DELETE',
    path: '/api/trips/:id',
    access: flightRoles,
    summary: 'Delete a trip (its owner or an admin)',
    params: idParamsSchema,
    responses: { 204: z.null() },
  },
  track: {
    name: 'trips.read',
    method: 'GET',
    path: '/api/trips/:id/track',
    access: flightRoles,
    summary: 'The full track, as columns (ETag: ask with If-None-Match, 304 when unchanged)',
    params: idParamsSchema,
    responses: { 200: trackColumnsSchema, 304: z.null() },
  },
  export: {
    name: 'trips.export',
    method: 'GET',
    path: '/api/trips/:id/export/:format',
    access: flightRoles,
    summary: 'Download the track and markers as GPX, KML or CSV',
    params: tripExportParamsSchema,
    responses: { 200: 'file' },
  },
});
