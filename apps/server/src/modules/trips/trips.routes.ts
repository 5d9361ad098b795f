import { limits, operations } from '@skylog/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../lib/app-context.ts';
import { sendAttachment } from '../../lib/attachment.ts';
import { sendEncoded } from '../../lib/encoded-answer.ts';
import { sendRevalidated } from '../../lib/revalidate.ts';
import { serveOperations } from '../../lib/serve-operations.ts';
import { acceptTrackFiles, refuseOversizeTrackFile, trackFileOf } from './track-file-body.ts';
import * as service from './trips.service.ts';

export const tripsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { importTrack, ...jsonOperations } = operations.trips;
  serveOperations(
    app,
    'trips',
    jsonOperations,
    {
      list: async ({ scope, query, request, reply }) =>
        sendEncoded(request, reply, await service.listTripsAnswer(ctx, scope, query, (list) => String(reply.serialize(list)))),
      create: async ({ scope, body }) => service.createTrip(ctx, scope, body),
      crewChoices: async ({ scope }) => service.getCrewChoices(ctx, scope),
      read: async ({ scope, params, request, reply }) =>
        sendEncoded(request, reply, await service.readTripAnswer(ctx, scope, params.id, (detail) => String(reply.serialize(detail)))),
      update: async ({ scope, params, body }) => service.updateTrip(ctx, scope, params.id, body),
      shareCandidates: async ({ scope, params, query }) => service.listShareCandidates(ctx, scope, params.id, query.search),
      share: async ({ scope, params, body }) => service.shareTrip(ctx, scope, params.id, body.shared_with),
      remove: async ({ scope, params }) => {
        await service.deleteTrip(ctx, scope, params.id);
        return undefined;
      },
      track: async ({ scope, params, request, reply }) => sendRevalidated(request, reply, await service.getTrack(ctx, scope, params.id)),
      export: async ({ scope, params, reply }) => sendAttachment(reply, await service.exportTrip(ctx, scope, params.id, params.format)),
    },
    { create: { bodyLimit: limits.tripJsonBodyLimitBytes } },
  );

  // Only the import reads a track file as its body (up to TRACK_FILE_MAX_MB), so only its scope parses one.
  await app.register(async (trackFiles) => {
    acceptTrackFiles(trackFiles, ctx.config.trackFileMaxBytes);
    serveOperations(
      trackFiles,
      'trips',
      { importTrack },
      {
        importTrack: async ({ scope, query, request, reply }) => {
          const { status, trip } = await service.importTrack(ctx, scope, query, trackFileOf(request.body));
          return reply.status(status).send(trip);
        },
      },
      { importTrack: { bodyLimit: ctx.config.trackFileMaxBytes, onRequest: refuseOversizeTrackFile(ctx.config.trackFileMaxBytes) } },
    );
  });
};
