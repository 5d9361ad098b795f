import { z } from 'zod';
import { roleGroups } from '../roles.ts';
import { audioUploadParamsSchema, tusAppendHeadersSchema, tusCreationHeadersSchema, tusRequestHeadersSchema } from '../schemas/audio-upload.ts';
import { audioPeaksSchema, audioUploadSchema } from '../schemas/trips.ts';
import { idParamsSchema } from '../schemas/users.ts';
import { defineOperations } from './define.ts';

const uploadBytesType = 'application/offset+octet-stream';

/**
 * A flight's cockpit audio: playback and its waveform for whoever may open the flight, and the recording's
 * resumable upload in the standard tus 1.0 protocol (docs/recorder-api.md), so tus clients (tus-js-client, TUSKit,
 * tus-android-client) send it. The upload's operations check the flight, and that the upload is the caller's own,
 * in their service.
 */
export const audioOperations = defineOperations({
  playback: {
    name: 'trips.read',
    method: 'GET',
    path: '/api/trips/:id/audio',
    access: roleGroups.flightRoles,
    summary: 'The playable audio, with HTTP Range support',
    params: idParamsSchema,
    responses: { 200: 'file', 206: 'file' },
  },
  peaks: {
    name: 'trips.read',
    method: 'GET',
    path: '/api/trips/:id/audio/peaks',
    access: roleGroups.flightRoles,
    summary: 'Precomputed waveform peaks of the audio (ETag: ask with If-None-Match, 304 when unchanged)',
    params: idParamsSchema,
    responses: { 200: audioPeaksSchema, 304: z.null() },
    // Under the trips cache: a new recording (an upload, which refreshes the trips) brings new peaks.
    cacheRoot: 'trips',
  },
  // What the server supports is the same for every flight and every caller: public, as tus clients ask it unauthenticated.
  uploadOptions: {
    name: 'audio-uploads.options',
    method: 'OPTIONS',
    path: '/api/trips/:id/audio/tus',
    access: 'public',
    summary: 'tus discovery: the protocol version, extensions and largest recording this server takes',
    params: idParamsSchema,
    responses: { 204: z.null() },
  },
  createUpload: {
    name: 'audio-uploads.create',
    method: 'POST',
    path: '/api/trips/:id/audio/tus',
    access: 'authenticated',
    summary: `tus creation: start a resumable upload of the recording (201, Location: its URL); with Content-Type ${uploadBytesType} the body is its first bytes`,
    params: idParamsSchema,
    headers: tusCreationHeadersSchema,
    responses: { 201: audioUploadSchema },
  },
  uploadOffset: {
    name: 'audio-uploads.read',
    method: 'HEAD',
    path: '/api/trips/:id/audio/tus/:uploadId',
    access: 'authenticated',
    summary: 'tus: how much of the upload the server has (Upload-Offset: resume from there)',
    params: audioUploadParamsSchema,
    headers: tusRequestHeadersSchema,
    responses: { 200: z.null() },
  },
  readUpload: {
    name: 'audio-uploads.read',
    method: 'GET',
    path: '/api/trips/:id/audio/tus/:uploadId',
    access: 'authenticated',
    summary: 'The upload and its processing (not part of tus): receiving, processing, done, or failed with why',
    params: audioUploadParamsSchema,
    responses: { 200: audioUploadSchema },
  },
  appendUpload: {
    name: 'audio-uploads.append',
    method: 'PATCH',
    path: '/api/trips/:id/audio/tus/:uploadId',
    access: 'authenticated',
    summary: `tus: append bytes at Upload-Offset (Content-Type: ${uploadBytesType}); 204 with the new Upload-Offset. A broken connection keeps what arrived`,
    params: audioUploadParamsSchema,
    headers: tusAppendHeadersSchema,
    responses: { 204: z.null() },
  },
  terminateUpload: {
    name: 'audio-uploads.terminate',
    method: 'DELETE',
    path: '/api/trips/:id/audio/tus/:uploadId',
    access: 'authenticated',
    summary: 'tus termination: drop an unfinished upload and its bytes (204)',
    params: audioUploadParamsSchema,
    headers: tusRequestHeadersSchema,
    responses: { 204: z.null() },
  },
});
