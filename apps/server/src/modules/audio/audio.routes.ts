import type { Readable } from 'node:stream';
import { audioPeaksSchema, audioUploadSchema, idParamsSchema } from '@skylog/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/app-context.ts';
import { requireUser } from '../../lib/require-user.ts';
import { revalidatedResponses, sendRevalidated } from '../../lib/revalidate.ts';
import * as playback from './audio-playback.service.ts';
import * as uploads from './audio-upload.service.ts';
import {
  appendHeadersSchema,
  creationHeadersSchema,
  encodeUploadMetadata,
  isUploadBytes,
  parseUploadMetadata,
  progressHeaders,
  requireTusVersion,
  requireUploadBytes,
  sendTusHeaders,
  tusCapabilities,
  tusRequestHeadersSchema,
  uploadBytesType,
} from './tus-protocol.ts';

const tags = ['audio'];
const uploadParamsSchema = idParamsSchema.extend({ uploadId: z.uuid({ error: 'Not a valid id' }) });
const uploadUrl = (tripId: string, uploadId: string) => `/api/trips/${tripId}/audio/tus/${uploadId}`;

function sendProgress(reply: FastifyReply, view: uploads.UploadView, status: number) {
  return reply.status(status).headers(progressHeaders(view.upload, view.expires)).header('cache-control', 'no-store');
}

/**
 * A trip's cockpit audio: playback with ranges, waveform peaks, and the resumable upload of the recording in
 * the standard tus 1.0 protocol (docs/recorder-api.md), so tus clients (tus-js-client, TUSKit, tus-android-client)
 * send it: creation at `…/audio/tus`, the upload at the URL its `Location` gives.
 */
export const audioRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Audio pieces are streamed to disk, never buffered.
  app.addContentTypeParser(uploadBytesType, (_request, payload, done) => done(null, payload));

  app.get(
    '/api/trips/:id/audio',
    {
      config: { operation: 'trips.read' },
      schema: { tags, summary: 'The playable audio, with HTTP Range support', params: idParamsSchema },
    },
    async (request, reply) => {
      const result = await playback.openAudio(ctx, requireUser(request), request.params.id, request.headers.range, request.url);
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
    async (request, reply) => sendRevalidated(request, reply, await playback.getPeaks(ctx, requireUser(request), request.params.id, request.url)),
  );

  app.options(
    '/api/trips/:id/audio/tus',
    {
      config: { operation: 'audio-uploads.options' },
      onSend: sendTusHeaders,
      schema: { tags, summary: 'tus discovery: the protocol version, extensions and largest recording this server takes', params: idParamsSchema },
    },
    async (_request, reply) => reply.status(204).headers(tusCapabilities(ctx.config.audioUploadMaxBytes)).send(),
  );

  app.post(
    '/api/trips/:id/audio/tus',
    {
      config: { operation: 'audio-uploads.create' },
      onRequest: requireTusVersion,
      onSend: sendTusHeaders,
      schema: {
        tags,
        summary: `tus creation: start a resumable upload of the recording (201, Location: its URL); with Content-Type ${uploadBytesType} the body is its first bytes`,
        params: idParamsSchema,
        headers: creationHeadersSchema,
        response: { 201: audioUploadSchema },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const tripId = request.params.id;
      const created = await uploads.createUpload(
        ctx,
        actor,
        tripId,
        { sizeBytes: request.headers['upload-length'], metadata: parseUploadMetadata(request.headers['upload-metadata']) },
        request.url,
      );
      const url = uploadUrl(tripId, created.upload.id);
      // creation-with-upload: the request's body is the upload's first bytes.
      const view = isUploadBytes(request)
        ? await uploads.appendToUpload(ctx, actor, tripId, created.upload.id, 0, request.body as Readable, url)
        : created;
      return sendProgress(reply, view, 201).header('location', url).send(view.upload);
    },
  );

  app.head(
    '/api/trips/:id/audio/tus/:uploadId',
    {
      // In the API description: tus clients resume with it.
      config: { operation: 'audio-uploads.read', swagger: { exposeHeadRoute: true } },
      onRequest: requireTusVersion,
      onSend: sendTusHeaders,
      schema: { tags, summary: 'tus: how much of the upload the server has (Upload-Offset: resume from there)', params: uploadParamsSchema, headers: tusRequestHeadersSchema },
    },
    async (request, reply) => {
      const { id, uploadId } = request.params;
      const view = await uploads.headUpload(ctx, requireUser(request), id, uploadId, request.url);
      return sendProgress(reply, view, 200)
        .header('upload-metadata', encodeUploadMetadata({ filename: view.filename, filetype: view.filetype }))
        .send();
    },
  );

  app.get(
    '/api/trips/:id/audio/tus/:uploadId',
    {
      config: { operation: 'audio-uploads.read' },
      // HEAD on this URL is tus's own (above).
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: 'The upload and its processing (not part of tus): receiving, processing, done, or failed with why',
        params: uploadParamsSchema,
        response: { 200: audioUploadSchema },
      },
    },
    async (request, reply) => {
      const { id, uploadId } = request.params;
      const view = await uploads.getUpload(ctx, requireUser(request), id, uploadId, request.url);
      return sendProgress(reply, view, 200).send(view.upload);
    },
  );

  app.patch(
    '/api/trips/:id/audio/tus/:uploadId',
    {
      config: { operation: 'audio-uploads.append' },
      onRequest: [requireTusVersion, requireUploadBytes],
      onSend: sendTusHeaders,
      schema: {
        tags,
        summary: `tus: append bytes at Upload-Offset (Content-Type: ${uploadBytesType}); 204 with the new Upload-Offset. A broken connection keeps what arrived`,
        params: uploadParamsSchema,
        headers: appendHeadersSchema,
      },
    },
    async (request, reply) => {
      const { id, uploadId } = request.params;
      const view = await uploads.appendToUpload(
        ctx,
        requireUser(request),
        id,
        uploadId,
        request.headers['upload-offset'],
        request.body as Readable,
        request.url,
      );
      return sendProgress(reply, view, 204).send();
    },
  );

  app.delete(
    '/api/trips/:id/audio/tus/:uploadId',
    {
      config: { operation: 'audio-uploads.terminate' },
      onRequest: requireTusVersion,
      onSend: sendTusHeaders,
      schema: {
        tags,
        summary: 'tus termination: drop an unfinished upload and its bytes (204)',
        params: uploadParamsSchema,
        headers: tusRequestHeadersSchema,
      },
    },
    async (request, reply) => {
      const { id, uploadId } = request.params;
      await uploads.terminateUpload(ctx, requireUser(request), id, uploadId, request.url);
      return reply.status(204).send();
    },
  );
};
