import { z } from 'zod';
import { roleGroups } from '../roles.ts';
import { transcriptionListQuerySchema, transcriptionListSchema, transcriptStateSchema } from '../schemas/analysis.ts';
import { tripTranscriptSchema } from '../schemas/trips.ts';
import { idParamsSchema } from '../schemas/users.ts';
import { defineOperations } from './define.ts';

/** Generating a flight's transcript, reading it, and the transcriptions list (docs/product.md "Transcription and automatic notes"). */
export const transcriptionOperations = defineOperations({
  // Whoever may edit the trip (its service decides).
  generate: {
    name: 'trips.transcribe',
    method: 'POST',
    path: '/api/trips/:id/transcription',
    access: roleGroups.flightRoles,
    summary: "Generate the transcript of the trip's audio (queued; transcript_in_progress is true until it ends or fails)",
    params: idParamsSchema,
    responses: { 202: transcriptStateSchema },
  },
  readState: {
    name: 'trips.read',
    method: 'GET',
    path: '/api/trips/:id/transcription',
    access: roleGroups.flightRoles,
    summary: "The trip's transcript state",
    params: idParamsSchema,
    responses: { 200: transcriptStateSchema },
  },
  readTranscript: {
    name: 'trips.read',
    method: 'GET',
    path: '/api/trips/:id/transcript',
    access: roleGroups.flightRoles,
    summary: "The trip's transcript: its words with times and speakers (ETag: ask with If-None-Match, 304 when unchanged)",
    params: idParamsSchema,
    responses: { 200: tripTranscriptSchema, 304: z.null() },
  },
  list: {
    name: 'transcriptions.list',
    method: 'GET',
    path: '/api/transcriptions',
    access: roleGroups.flightRoles,
    summary: 'Transcriptions of the trips you may read, newest first',
    query: transcriptionListQuerySchema,
    responses: { 200: transcriptionListSchema },
  },
});
