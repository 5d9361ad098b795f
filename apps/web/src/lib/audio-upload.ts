import { apiErrorSchema, limits, messages } from '@skylog/contracts';
import { Upload, type DetailedError } from 'tus-js-client';
import { ApiError } from './api-client.ts';
import { api } from './api.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A failed tus request as the API's error (the server's message); without an answer, the connection's. */
function uploadErrorOf(error: Error | DetailedError): ApiError {
  const body = 'originalResponse' in error ? error.originalResponse?.getBody() : undefined;
  let data: unknown;
  try {
    data = body ? JSON.parse(body) : undefined;
  } catch {
    data = undefined;
  }
  const parsed = apiErrorSchema.safeParse(data);
  return new ApiError(parsed.success ? parsed.data : { status: 0, code: 'internal_error', message: messages.uploadConnectionLost });
}

/**
 * The cockpit audio over the tus 1.0 protocol (docs/recorder-api.md) with tus-js-client: 8 MB pieces with progress;
 * a broken connection is retried from the offset the server has (five times, waiting longer each time); an upload
 * cut short (a closed tab, a lost connection) resumes where it stopped when the same file is sent to the same flight
 * again: the library keeps the upload's URL in localStorage until it is complete. `takes` is sent as the upload's
 * `takes` metadata (a recording in takes, docs/recorder-api.md). Answers the upload's URL.
 */
export function uploadAudio(tripId: string, file: File, onProgress: (fraction: number) => void, takes?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: new URL(`/api/trips/${encodeURIComponent(tripId)}/audio/tus`, window.location.origin).href,
      metadata: { filename: file.name, ...(file.type ? { filetype: file.type } : {}), ...(takes ? { takes } : {}) },
      chunkSize: limits.uploadChunkBytes,
      retryDelays: [0, 1000, 3000, 5000, 10000],
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => onProgress(total ? sent / total : 1),
      onSuccess: () => resolve(new URL(upload.url!).pathname),
      onError: (error) => reject(uploadErrorOf(error)),
    });
    void upload.findPreviousUploads().then((previous) => {
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    });
  });
}

/** Waits for the audio job (GET on the upload's URL): resolves when processed, throws the server's message when it failed. */
export async function waitForProcessing(tripId: string, uploadUrl: string): Promise<void> {
  const uploadId = uploadUrl.slice(uploadUrl.lastIndexOf('/') + 1);
  for (;;) {
    const state = await api.audio.readUpload({ params: { id: tripId, uploadId } });
    if (state.status === 'done') return;
    if (state.status === 'failed') throw new ApiError({ status: 422, code: 'validation_error', message: state.error ?? messages.audioProcessingFailed });
    await wait(1500);
  }
}
