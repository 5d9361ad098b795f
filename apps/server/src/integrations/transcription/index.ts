import { createDeepgramProvider } from './deepgram-provider.ts';
import type { TranscriptionProvider } from './transcription-provider.ts';
import { createWhisperProvider } from './whisper-provider.ts';

export { normaliseTranscript } from './normalise-transcript.ts';
export { TranscriptionError, type TranscriptionInput, type TranscriptionProvider } from './transcription-provider.ts';

export type TranscriptionConfig = {
  deepgram?: { apiKey: string; baseUrl?: string };
  whisper?: { baseUrl: string; apiKey?: string; model: string };
  timeoutMs: number;
};

/** Deepgram when its key is set, else an OpenAI-compatible Whisper server when its URL is set; null: not configured. */
export function createTranscriptionProvider(config: TranscriptionConfig): TranscriptionProvider | null {
  if (config.deepgram?.apiKey) return createDeepgramProvider({ ...config.deepgram, timeoutMs: config.timeoutMs });
  if (config.whisper?.baseUrl) return createWhisperProvider({ ...config.whisper, timeoutMs: config.timeoutMs });
  return null;
}
