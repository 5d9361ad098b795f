import { failUploadProcessing, processUpload } from '../../modules/audio/process-upload.ts';
import { defineJob } from '../define-job.ts';

/** Decodes an uploaded recording, makes it playable and computes its waveform. */
export const audioProcessJob = defineJob({
  kind: 'audio.process',
  run: (ctx, { uploadId }, job) => processUpload(ctx, uploadId, job.workDir),
  // Without it an upload whose job gave up would say "processing" for ever and keep its pieces.
  onFailed: (ctx, { uploadId }) => failUploadProcessing(ctx, uploadId),
});
