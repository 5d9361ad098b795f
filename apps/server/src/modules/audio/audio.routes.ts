import type { Readable } from 'node:stream';
import { audioPeaksSchema, audioUploadCreateSchema, audioUploadSchema, idParamsSchema } from '@skylog/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../../lib/require-user.ts';
import { revalidatedResponses, sendRevalidated } from '../../lib/revalidate.ts';
import * as audio from './audio.service.ts';

const tags = ['audio'];
const uploadContentType = 'application/offset+octet-stream';

/** A trip's cockpit audio: playback with ranges, waveform peaks, and resumable uploads (tus 1.0 semantics). */
export const audioRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Audio pieces are streamed to disk, never buffered.
  app.addContentTypeParser(uploadContentType, (_request, payload, done) => done(null, payload));

  app.get(
    '/api/trips/:id/audio',
    {
      config: { operation: 'trips.read' },
      schema: { tags, summary: 'The playable audio, with HTTP Range support', params: idParamsSchema },
    },
    async (request, reply) => {
      const result = await audio.openAudio(ctx, requireUser(request), request.params.id, request.headers.range, request.url);
      reply.status(result.status).headers(result.headers);
      return result.stream ? reply.send(result.stream) : reply.send();
    },
  );

  app.get(
    '/api/trips/:id/audio/peaks',
    {
      config: { operation: 'trips.read' },
      schema: {
        tags,
        summary: 'Precomputed waveform peaks of the audio (ETag: ask with If-None-Match, 304 when unchanged)',
        params: idParamsSchema,
        response: revalidatedResponses(audioPeaksSchema),
      },
    },
    async (request, reply) => sendRevalidated(request, reply, await audio.getPeaks(ctx, requireUser(request), request.params.id, request.url)),
  );

  app.post(
    '/api/trips/:id/audio-uploads',
    {
      config: { operation: 'audio-uploads.create' },
      schema: {
        tags,
        summary: 'Start a resumable audio upload (then PATCH /api/audio-uploads/{id} with Upload-Offset)',
        params: idParamsSchema,
        body: audioUploadCreateSchema,
        response: { 201: audioUploadSchema },
      },
    },
    async (request, reply) => {
      const upload = await audio.createUpload(ctx, requireUser(request), request.params.id, request.body, request.url);
      return reply.status(201).header('location', `/api/audio-uploads/${upload.id}`).send(upload);
    },
  );

  app.get(
    '/api/audio-uploads/:id',
    {
      config: { operation: 'audio-uploads.read' },
      schema: {
        tags,
        summary: 'How much of an upload the server has (resume from offset), and its processing status',
        params: idParamsSchema,
        response: {
          200: audioUploadSchema.extend({ status: z.enum(['receiving', 'processing', 'done', 'failed']), error: z.string().nullable() }),
        },
      },
    },
    async (request, reply) => {
      const upload = await audio.getUpload(ctx, requireUser(request), request.params.id, request.url);
      return reply.header('upload-offset', String(upload.offset)).header('cache-control', 'no-store').send(upload);
    },
  );

  app.patch(
    '/api/audio-uploads/:id',
    {
      config: { operation: 'audio-uploads.append' },
      schema: {
        tags,
        summary: `Append bytes at Upload-Offset (Content-Type: ${uploadContentType}); a broken connection keeps what arrived`,
        params: idParamsSchema,
        headers: z.object({
          'upload-offset': z.coerce
            .number({ error: 'Upload-Offset must be a byte offset' })
            .int()
            .min(0, 'Upload-Offset must be a byte offset'),
        }),
        response: { 200: audioUploadSchema },
      },
    },
    async (request, reply) => {
      if (request.headers['content-type'] !== uploadContentType) {
        throw new AppError('unsupported_media_type', `Send the bytes as ${uploadContentType}.`);
      }
      const upload = await audio.appendToUpload(
        ctx,
        requireUser(request),
        request.params.id,
        request.headers['upload-offset'],
        request.body as Readable,
        request.url,
      );
      return reply.header('upload-offset', String(upload.offset)).send(upload);
    },
  );
};
