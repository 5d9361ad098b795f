import { createReadStream } from 'node:fs';
import path from 'node:path';
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, toStreamingFile } from 'openai';
import { z } from 'zod';
import { text, type TranscriptJson, type TranscriptWord } from '@skylog/contracts';
import { normaliseTranscript } from './normalise-transcript.ts';
import {
  createDeadline,
  fetchWithoutBodyCopy,
  type ProviderFailure,
  type TranscriptionProvider,
  toTranscriptionError,
} from './transcription-provider.ts';

export type WhisperProviderOptions = { baseUrl: string; apiKey?: string; model: string; timeoutMs: number };

/** What Skylog reads of an OpenAI-compatible verbose_json transcription. */
const verboseJsonSchema = z.object({
  segments: z.array(z.object({ start: z.number(), end: z.number(), text: text() })).nullish(),
  words: z.array(z.object({ word: text(), start: z.number(), end: z.number() })).nullish(),
});
type VerboseJson = z.infer<typeof verboseJsonSchema>;
type Segment = NonNullable<VerboseJson['segments']>[number];

export function createWhisperProvider(options: WhisperProviderOptions): TranscriptionProvider {
  // A local Whisper server usually needs no key, but the SDK refuses to start without one.
  // maxRetries 0: the file stream cannot be sent twice; the job queue retries.
  const client = new OpenAI({
    apiKey: options.apiKey ?? 'none',
    baseURL: options.baseUrl,
    timeout: options.timeoutMs,
    maxRetries: 0,
    fetch: fetchWithoutBodyCopy,
  });
  const host = new URL(options.baseUrl).host;

  function describeFailure(error: unknown, deadline: ReturnType<typeof createDeadline>): ProviderFailure {
    if (deadline.hasTimedOut() || error instanceof APIConnectionTimeoutError) return { kind: 'timeout', timeoutMs: options.timeoutMs };
    if (deadline.isCancelled()) return { kind: 'cancelled' };
    if (error instanceof APIConnectionError) return { kind: 'unreachable', host };
    if (error instanceof APIError && error.status !== undefined) {
      return { kind: 'status', status: error.status, providerMessage: readOpenAiMessage(error.error), apiKeyName: 'WHISPER_API_KEY' };
    }
    // The SDK parses a JSON answer with response.json(): a broken body surfaces as a SyntaxError.
    if (error instanceof SyntaxError) return { kind: 'unreadable' };
    return { kind: 'unexpected', host };
  }

  return {
    name: 'whisper',
    async transcribe(input) {
      const deadline = createDeadline(options.timeoutMs, input.signal);
      const audio = createReadStream(input.path);
      let answer: unknown;
      try {
        answer = await client.audio.transcriptions.create(
          {
            // toStreamingFile keeps the SDK from reading the stream into a File first: it is encoded into the
            // multipart body as it is read. The name tells the server the format (OpenAI refuses ".opus").
            file: toStreamingFile(audio, uploadName(input.path, input.mimeType), { type: input.mimeType }),
            model: options.model,
            response_format: 'verbose_json',
            timestamp_granularities: ['word', 'segment'],
            // Whisper takes spelling from its prompt: the callsigns and places of this flight.
            ...(input.keyterms.length > 0 ? { prompt: input.keyterms.join(', ') } : {}),
          },
          { signal: deadline.signal },
        );
      } catch (error) {
        throw toTranscriptionError(describeFailure(error, deadline), error);
      } finally {
        audio.destroy();
      }
      const parsed = verboseJsonSchema.safeParse(answer);
      if (!parsed.success) throw toTranscriptionError({ kind: 'unreadable' }, parsed.error);
      return normaliseTranscript(toTranscriptJson(parsed.data));
    },
  };
}

/** Whisper has no speakers; the transcript text is rebuilt by normaliseTranscript from the words. */
function toTranscriptJson(answer: VerboseJson): TranscriptJson {
  const segments = answer.segments ?? [];
  const words = answer.words?.length ? withPunctuation(answer.words, segments) : spreadOverSegments(segments);
  return { results: { channels: [{ alternatives: [{ transcript: '', words }] }] } };
}

/**
 * OpenAI's words carry no punctuation or casing of the sentence, its segments do: each word, in time order, takes
 * the matching token of the segment text. A word with no match close ahead (a number written differently) stays as it is.
 */
function withPunctuation(words: Array<{ word: string; start: number; end: number }>, segments: Segment[]): TranscriptWord[] {
  const tokens = segments.toSorted((a, b) => a.start - b.start).flatMap((segment) => segment.text.split(/\s+/).filter(Boolean));
  let next = 0;
  return words
    .toSorted((a, b) => a.start - b.start)
    .map(({ word, start, end }) => {
      const bare = bareWord(word);
      const found = bare ? tokens.slice(next, next + 4).findIndex((token) => bareWord(token) === bare) : -1;
      if (found < 0) return { word, start, end };
      const punctuated = tokens[next + found];
      next += found + 1;
      return { word, start, end, punctuated_word: punctuated };
    });
}

const bareWord = (value: string) => value.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** Some OpenAI-compatible servers ignore timestamp_granularities and time segments only: their words share the segment evenly. */
function spreadOverSegments(segments: Segment[]): TranscriptWord[] {
  return segments.flatMap((segment) => {
    const tokens = segment.text.split(/\s+/).filter(Boolean);
    const step = (segment.end - segment.start) / Math.max(tokens.length, 1);
    return tokens.map((token, index) => ({
      word: token.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '') || token,
      punctuated_word: token,
      start: segment.start + index * step,
      end: segment.start + (index + 1) * step,
    }));
  });
}

const extensionByMimeType: Record<string, string> = {
  'audio/ogg': 'ogg',
  'audio/opus': 'ogg',
  'audio/webm': 'webm',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/flac': 'flac',
};

function uploadName(filePath: string, mimeType: string): string {
  const extension = extensionByMimeType[mimeType.split(';')[0]!.trim().toLowerCase()];
  return extension ? `audio.${extension}` : path.basename(filePath);
}

/** OpenAI's error body: `{ error: { message, type, param, code } }`; the SDK keeps the inner object. */
export function readOpenAiMessage(body: unknown): string | undefined {
  const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : undefined;
}
