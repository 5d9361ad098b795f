import { failTranscript, generateTranscript } from '../../modules/transcription/transcription.service.ts';
import { defineJob } from '../define-job.ts';

/** Sends a trip's audio to the speech-to-text provider and stores the transcript. */
export const transcriptGenerateJob = defineJob({
  kind: 'transcript.generate',
  run: (ctx, { tripId }, job) => generateTranscript(ctx, tripId, job.workDir),
  onFailed: (ctx, { tripId }, reason) => failTranscript(ctx, tripId, reason),
});
