import { idParamsSchema, transcriptionListQuerySchema, transcriptionListSchema, transcriptStateSchema, tripTranscriptSchema } from '@skylog/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/app-context.ts';
import { requireUser } from '../../lib/require-user.ts';
import { revalidatedResponses, sendRevalidated } from '../../lib/revalidate.ts';
import * as service from './transcription.service.ts';

const tags = ['transcription'];

/** Transcript generation (docs/product-spec.md §4; the spec's GET /deepgramTranscription) and docs/product-spec.md §3 Transcriptions. */
export const transcriptionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/trips/:id/transcription',
    {
      config: { operation: 'trips.transcribe' },
      schema: {
        tags,
        summary: "Generate the transcript of the trip's audio (queued; transcript_in_progress is true until it ends or fails)",
        params: idParamsSchema,
        response: { 202: transcriptStateSchema },
      },
    },
    async (request, reply) => reply.status(202).send(await service.requestTranscript(ctx, requireUser(request), request.params.id, request.url)),
  );

  app.get(
    '/api/trips/:id/transcription',
    {
      config: { operation: 'trips.read' },
      schema: { tags, summary: "The trip's transcript state", params: idParamsSchema, response: { 200: transcriptStateSchema } },
    },
    async (request) => service.getTranscriptState(ctx, requireUser(request), request.params.id, request.url),
  );

  app.get(
    '/api/trips/:id/transcript',
    {
      config: { operation: 'trips.read' },
      schema: {
        tags,
        summary: "The trip's transcript (docs/product-spec.md §3 transcript_json; ETag: ask with If-None-Match, 304 when unchanged)",
        params: idParamsSchema,
        response: revalidatedResponses(tripTranscriptSchema),
      },
    },
    async (request, reply) => sendRevalidated(request, reply, await service.getTranscript(ctx, requireUser(request), request.params.id, request.url)),
  );

  app.get(
    '/api/transcriptions',
    {
      config: { operation: 'transcriptions.list' },
      schema: {
        tags,
        summary: 'Transcriptions of the trips you may read, newest first',
        querystring: transcriptionListQuerySchema,
        response: { 200: transcriptionListSchema },
      },
    },
    async (request) => service.listTranscriptions(ctx, requireUser(request), request.query),
  );
};
