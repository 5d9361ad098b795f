import { createReadStream } from 'node:fs';
import { DeepgramClient, DeepgramEnvironment, DeepgramError, DeepgramTimeoutError } from '@deepgram/sdk';
import { transcriptJsonSchema } from '@skylog/contracts';
import { normaliseTranscript } from './normalise-transcript.ts';
import {
  createDeadline,
  fetchWithoutBodyCopy,
  isConnectionError,
  type ProviderFailure,
  type TranscriptionProvider,
  toTranscriptionError,
} from './transcription-provider.ts';

export type DeepgramProviderOptions = { apiKey: string; baseUrl?: string; timeoutMs: number };

export function createDeepgramProvider(options: DeepgramProviderOptions): TranscriptionProvider {
  const client = new DeepgramClient({
    apiKey: options.apiKey,
    baseUrl: options.baseUrl,
    // The body is a one-shot file stream: a retry inside the SDK would find it already read. The job queue retries.
    maxRetries: 0,
    fetch: fetchWithoutBodyCopy,
    // Otherwise the SDK gives up after its default 60 s, long before a three-hour recording is transcribed.
    timeoutInSeconds: options.timeoutMs / 1000,
  });
  const host = new URL(options.baseUrl ?? DeepgramEnvironment.Production.base).host;

  function describeFailure(error: unknown, deadline: ReturnType<typeof createDeadline>): ProviderFailure {
    if (deadline.hasTimedOut() || error instanceof DeepgramTimeoutError) return { kind: 'timeout', timeoutMs: options.timeoutMs };
    if (deadline.isCancelled()) return { kind: 'cancelled' };
    if (error instanceof DeepgramError && error.statusCode !== undefined) {
      return { kind: 'status', status: error.statusCode, providerMessage: readDeepgramMessage(error.body), apiKeyName: 'DEEPGRAM_API_KEY' };
    }
    return { kind: isConnectionError(error) ? 'unreachable' : 'unexpected', host };
  }

  return {
    name: 'deepgram',
    async transcribe(input) {
      const deadline = createDeadline(options.timeoutMs, input.signal);
      // The SDK passes this stream on to fetch as the request body untouched (no Blob, no Buffer), and
      // fetchWithoutBodyCopy keeps fetch from copying it: a three-hour recording is never in memory whole.
      const audio = createReadStream(input.path);
      let answer: unknown;
      try {
        answer = await client.listen.v1.media.transcribeFile(
          { data: audio, contentType: input.mimeType, contentLength: input.sizeBytes },
          {
            model: 'nova-3',
            diarize: true,
            punctuate: true,
            smart_format: true,
            utterances: true,
            keyterm: input.keyterms.length > 0 ? input.keyterms : undefined,
          },
          { abortSignal: deadline.signal },
        );
      } catch (error) {
        throw toTranscriptionError(describeFailure(error, deadline), error);
      } finally {
        audio.destroy();
      }
      // A 2xx body that is not JSON comes back from the SDK as a `{ ok: false }` note, not as an error.
      const parsed = transcriptJsonSchema.safeParse(answer);
      if (!parsed.success) throw toTranscriptionError({ kind: 'unreadable' }, parsed.error);
      return normaliseTranscript(parsed.data);
    },
  };
}

/** Deepgram's error body: `{ err_code, err_msg, request_id }`. */
function readDeepgramMessage(body: unknown): string | undefined {
  const message = typeof body === 'object' && body !== null ? (body as { err_msg?: unknown }).err_msg : undefined;
  return typeof message === 'string' ? message : undefined;
}
