import {
  crewChoicesSchema,
  idParamsSchema,
  limits,
  messages,
  trackColumnsSchema,
  trackFormats,
  trackImportQuerySchema,
  trackImportResultSchema,
  tripCreateSchema,
  tripDetailSchema,
  tripListQuerySchema,
  tripListSchema,
  shareCandidatesQuerySchema,
  shareCandidatesSchema,
  tripShareSchema,
  tripUpdateSchema,
  uploadTooLargeMessage,
} from '@skylog/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/app-context.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { requireUser } from '../../lib/require-user.ts';
import { revalidatedResponses, sendRevalidated } from '../../lib/revalidate.ts';
import { toCsv, toGpx, toKml } from '@skylog/track-formats';
import { fileNameOf, sendAttachment } from '../../lib/attachment.ts';
import * as service from './trips.service.ts';

const tags = ['trips'];

export const tripsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/trips',
    {
      config: { operation: 'trips.list' },
      schema: {
        tags,
        summary: 'Trips in your scope, ten per page, exact total',
        querystring: tripListQuerySchema,
        response: { 200: tripListSchema },
      },
    },
    async (request) => service.listTrips(ctx, requireUser(request), request.query),
  );

  app.post(
    '/api/trips',
    {
      config: { operation: 'trips.create' },
      bodyLimit: limits.tripJsonBodyLimitBytes,
      schema: {
        tags,
        summary: 'Send a flight: JSON track and markers (the recorder app; personal access tokens welcome)',
        body: tripCreateSchema,
        response: { 201: tripDetailSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createTrip(ctx, requireUser(request), request.body)),
  );

  app.get(
    '/api/trips/crew-choices',
    {
      // Asked before sending a flight: whoever may send one may ask (the recorder too).
      config: { operation: 'trips.create' },
      schema: {
        tags,
        summary: 'Whom you may put in the left and right seat of a flight, and the crew a new flight of yours starts with',
        response: { 200: crewChoicesSchema },
      },
    },
    async (request) => service.getCrewChoices(ctx, requireUser(request)),
  );

  // Track files arrive as the raw body: only the import route reads one (up to TRACK_FILE_MAX_MB).
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      [
        'application/octet-stream',
        'application/gpx+xml',
        'application/vnd.google-earth.kml+xml',
        'text/csv',
        'application/xml',
        'text/xml',
      ],
      { parseAs: 'buffer', bodyLimit: ctx.config.trackFileMaxBytes },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      '/api/trips/import',
      {
        config: { operation: 'trips.import-track' },
        bodyLimit: ctx.config.trackFileMaxBytes,
        schema: {
          tags,
          summary:
            'Import a GPX, KML, CSV (Garmin data logs too) or IGC track file (raw body) as a new trip or into trip_id; a path without times needs takeoff_time and landing_time or landing_from_audio',
          querystring: trackImportQuerySchema,
          response: { 200: trackImportResultSchema, 201: trackImportResultSchema },
        },
        // Refuse an oversize file before reading it, saying what the limit is.
        onRequest: async (request) => {
          const length = Number(request.headers['content-length'] ?? 0);
          if (length > ctx.config.trackFileMaxBytes)
            throw new AppError('body_too_large', uploadTooLargeMessage(ctx.config.trackFileMaxBytes));
        },
      },
      async (request, reply) => {
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest(messages.trackFileMissing, { file: messages.trackFileMissing });
        const { status, trip } = await service.importTrack(ctx, requireUser(request), request.query, body, request.url);
        return reply.status(status).send(trip);
      },
    );
  });

  app.get(
    '/api/trips/:id',
    {
      config: { operation: 'trips.read' },
      schema: {
        tags,
        summary: 'One trip with markers and map overview (its transcript: /api/trips/{id}/transcript, full track: /api/trips/{id}/track)',
        params: idParamsSchema,
        response: { 200: tripDetailSchema },
      },
    },
    async (request) => service.getTrip(ctx, requireUser(request), request.params.id, request.url),
  );

  app.patch(
    '/api/trips/:id',
    {
      config: { operation: 'trips.update' },
      schema: {
        tags,
        summary: 'Edit trip details or the debrief notes (instructors and admins)',
        params: idParamsSchema,
        body: tripUpdateSchema,
        response: { 200: tripDetailSchema },
      },
    },
    async (request) => service.updateTrip(ctx, requireUser(request), request.params.id, request.body, request.url),
  );

  app.get(
    '/api/trips/:id/share-candidates',
    {
      config: { operation: 'trips.share' },
      schema: {
        tags,
        summary: 'People of the organization this trip can be shared with (for those who may share it)',
        params: idParamsSchema,
        querystring: shareCandidatesQuerySchema,
        response: { 200: shareCandidatesSchema },
      },
    },
    async (request) => service.listShareCandidates(ctx, requireUser(request), request.params.id, request.query.search, request.url),
  );

  app.put(
    '/api/trips/:id/shared-with',
    {
      config: { operation: 'trips.share' },
      schema: {
        tags,
        summary: 'Share the trip with people of the organization (replaces the list)',
        params: idParamsSchema,
        body: tripShareSchema,
        response: { 200: tripDetailSchema },
      },
    },
    async (request) => service.shareTrip(ctx, requireUser(request), request.params.id, request.body.shared_with, request.url),
  );

  app.delete(
    '/api/trips/:id',
    {
      config: { operation: 'trips.delete' },
      schema: { tags, summary: 'Delete a trip (its owner or an admin)', params: idParamsSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await service.deleteTrip(ctx, requireUser(request), request.params.id, request.url);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/trips/:id/track',
    {
      config: { operation: 'trips.read' },
      schema: {
        tags,
        summary: 'The full track, as columns (ETag: ask with If-None-Match, 304 when unchanged)',
        params: idParamsSchema,
        response: revalidatedResponses(trackColumnsSchema),
      },
    },
    async (request, reply) => sendRevalidated(request, reply, await service.getTrack(ctx, requireUser(request), request.params.id, request.url)),
  );

  app.get(
    '/api/trips/:id/export/:format',
    {
      config: { operation: 'trips.export' },
      schema: {
        tags,
        summary: 'Download the track and markers as GPX, KML or CSV',
        params: idParamsSchema.extend({
          format: z.enum(trackFormats.filter((format) => format !== 'igc') as ['gpx', 'kml', 'csv'], {
            error: 'Export as gpx, kml or csv',
          }),
        }),
      },
    },
    async (request, reply) => {
      const { name, points, markers } = await service.getTripForExport(ctx, requireUser(request), request.params.id, request.url);
      const format = request.params.format;
      const body = format === 'gpx' ? toGpx(name, points, markers) : format === 'kml' ? toKml(name, points, markers) : toCsv(points);
      const type = { gpx: 'application/gpx+xml', kml: 'application/vnd.google-earth.kml+xml', csv: 'text/csv' }[format];
      return sendAttachment(reply, { type: `${type}; charset=utf-8`, name: `${fileNameOf(name, 'trip')}.${format}`, body });
    },
  );
};
