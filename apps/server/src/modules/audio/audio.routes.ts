import type { Readable } from 'node:stream';
import { operations } from '@skylog/contracts';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppContext } from '../../lib/app-context.ts';
import { sendRevalidated } from '../../lib/revalidate.ts';
import { serveOperations } from '../../lib/serve-operations.ts';
import * as playback from './audio-playback.service.ts';
import * as uploads from './audio-upload.service.ts';
import {
  encodeUploadMetadata,
  isUploadBytes,
  parseUploadMetadata,
  progressHeaders,
  requireTusVersion,
  requireUploadBytes,
  sendTusHeaders,
  tusCapabilities,
  uploadBytesType,
} from './tus-protocol.ts';

const uploadUrl = (tripId: string, uploadId: string) => `/api/trips/${tripId}/audio/tus/${uploadId}`;

function sendProgress(reply: FastifyReply, view: uploads.UploadView, status: number) {
  return reply.status(status).headers(progressHeaders(view.upload, view.expires)).header('cache-control', 'no-store');
}

/** Every tus request but OPTIONS names the protocol's version; every tus answer says which it speaks. */
const tusRoute = { onRequest: requireTusVersion, onSend: sendTusHeaders };

/**
 * A trip's cockpit audio: playback with ranges, waveform peaks, and the resumable upload of the recording in
 * the standard tus 1.0 protocol (docs/recorder-api.md): creation at `…/audio/tus`, the upload at the URL its
 * `Location` gives.
 */
export const audioRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Audio pieces are streamed to disk, never buffered.
  app.addContentTypeParser(uploadBytesType, (_request, payload, done) => done(null, payload));

  serveOperations(
    app,
    'audio',
    operations.audio,
    {
      playback: async ({ scope, params, request, reply }) => {
        const result = await playback.openAudio(ctx, scope, params.id, request.headers.range);
        reply.status(result.status).headers(result.headers);
        return result.stream ? reply.send(result.stream) : reply.send();
      },
      peaks: async ({ scope, params, request, reply }) => sendRevalidated(request, reply, await playback.getPeaks(ctx, scope, params.id)),
      uploadOptions: async ({ reply }) => reply.status(204).headers(tusCapabilities(ctx.config.audioUploadMaxBytes)).send(),
      createUpload: async ({ scope, params, headers, request, reply }) => {
        const tripId = params.id;
        const created = await uploads.createUpload(ctx, scope, tripId, {
          sizeBytes: headers['upload-length'],
          metadata: parseUploadMetadata(headers['upload-metadata']),
        });
        const url = uploadUrl(tripId, created.upload.id);
        // creation-with-upload: the request's body is the upload's first bytes.
        const view = isUploadBytes(request) ? await uploads.appendToUpload(ctx, scope, tripId, created.upload.id, 0, request.body as Readable) : created;
        return sendProgress(reply, view, 201).header('location', url).send(view.upload);
      },
      uploadOffset: async ({ scope, params, reply }) => {
        const view = await uploads.headUpload(ctx, scope, params.id, params.uploadId);
        return sendProgress(reply, view, 200)
          .header('upload-metadata', encodeUploadMetadata({ filename: view.filename, filetype: view.filetype }))
          .send();
      },
      readUpload: async ({ scope, params, reply }) => {
        const view = await uploads.getUpload(ctx, scope, params.id, params.uploadId);
        return sendProgress(reply, view, 200).send(view.upload);
      },
      appendUpload: async ({ scope, params, headers, request, reply }) => {
        const view = await uploads.appendToUpload(ctx, scope, params.id, params.uploadId, headers['upload-offset'], request.body as Readable);
        return sendProgress(reply, view, 204).send();
      },
      terminateUpload: async ({ scope, params }) => {
        await uploads.terminateUpload(ctx, scope, params.id, params.uploadId);
        return undefined;
      },
    },
    {
      uploadOptions: { onSend: sendTusHeaders },
      createUpload: tusRoute,
      uploadOffset: tusRoute,
      appendUpload: { onRequest: [requireTusVersion, requireUploadBytes], onSend: sendTusHeaders },
      terminateUpload: tusRoute,
    },
  );
};
