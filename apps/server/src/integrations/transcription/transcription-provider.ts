import { STATUS_CODES } from 'node:http';
import type { TranscriptJson } from '@skylog/contracts';

export type TranscriptionInput = { path: string; sizeBytes: number; mimeType: string; keyterms: string[]; signal?: AbortSignal };

export type TranscriptionProvider = { name: 'deepgram' | 'whisper'; transcribe(input: TranscriptionInput): Promise<TranscriptJson> };

/** statusText is shown to people as 'Failed to generate transcript: {statusText}'; isRetryable: 429, 5xx, timeouts, connection errors. */
export class TranscriptionError extends Error {
  override readonly name = 'TranscriptionError';

  constructor(
    readonly statusText: string,
    readonly isRetryable: boolean,
    readonly httpStatus: number | null,
    options?: { cause?: unknown },
  ) {
    super(statusText, options);
  }
}

/** How a provider call ended without a transcript, before it is put into words. */
export type ProviderFailure =
  | { kind: 'status'; status: number; providerMessage: string | undefined; apiKeyName: string }
  | { kind: 'timeout'; timeoutMs: number }
  | { kind: 'cancelled' }
  | { kind: 'unreachable'; host: string }
  | { kind: 'unreadable' }
  | { kind: 'unexpected'; host: string };

/** One wording for both providers, so people read the same sentence whichever one the server uses. */
export function toTranscriptionError(failure: ProviderFailure, cause: unknown): TranscriptionError {
  switch (failure.kind) {
    case 'status': {
      const { statusText, isRetryable } = describeHttpStatus(failure.status, failure.providerMessage, failure.apiKeyName);
      return new TranscriptionError(statusText, isRetryable, failure.status, { cause });
    }
    case 'timeout':
      return new TranscriptionError(`The transcription service did not answer within ${formatDuration(failure.timeoutMs)}`, true, null, {
        cause,
      });
    case 'cancelled':
      return new TranscriptionError('The transcription was cancelled', false, null, { cause });
    case 'unreachable':
      return new TranscriptionError(`Cannot reach the transcription service at ${failure.host}`, true, null, { cause });
    case 'unreadable':
      return new TranscriptionError('The transcription service sent an answer Skylog cannot read', false, null, { cause });
    case 'unexpected':
      return new TranscriptionError(`Skylog could not complete its request to the transcription service at ${failure.host}`, false, null, {
        cause,
      });
  }
}

/** The HTTP reason phrase, with what to check on 401/403 and the provider's own words where they say what is wrong. */
export function describeHttpStatus(status: number, providerMessage: string | undefined, apiKeyName: string) {
  const reason = STATUS_CODES[status] ?? `HTTP status ${status}`;
  const isRetryable = status === 408 || status === 429 || status >= 500;
  if (status === 401 || status === 403) return { statusText: `${reason}: check ${apiKeyName}`, isRetryable };
  // A 400 or 404 names the problem ("corrupt or unsupported data", "the model `x` does not exist").
  const detail = (status === 400 || status === 404) && providerMessage ? `: ${providerMessage.slice(0, 200)}` : '';
  return { statusText: `${reason}${detail}`, isRetryable };
}

/** "30 minutes", "1.5 minutes", "45 seconds": timeouts are configured in minutes but tested in milliseconds. */
export function formatDuration(ms: number): string {
  const [amount, unit] = ms >= 60_000 ? [ms / 60_000, 'minute'] : ms >= 1000 ? [ms / 1000, 'second'] : [ms, 'millisecond'];
  const rounded = Number(amount.toFixed(1));
  return `${rounded} ${unit}${rounded === 1 ? '' : 's'}`;
}

/** Node's fetch reports a refused or unresolvable host as "fetch failed" with the system error as its cause. */
export function isConnectionError(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string' && connectionErrorCodes.has(code)) return true;
  }
  return false;
}

const connectionErrorCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * One deadline for the whole call, joined with the caller's cancellation. The SDKs' own timeouts stop
 * when the answer's headers arrive; this one also covers reading the answer.
 */
export function createDeadline(timeoutMs: number, callerSignal: AbortSignal | undefined) {
  const timeout = AbortSignal.timeout(timeoutMs);
  return {
    signal: callerSignal ? AbortSignal.any([timeout, callerSignal]) : timeout,
    hasTimedOut: () => timeout.aborted,
    isCancelled: () => callerSignal?.aborted === true,
  };
}

/**
 * Node's fetch (its undici, before the fix for nodejs/undici#4058) tees a streamed request body in case of a
 * redirect and keeps one branch that is never read, so the whole upload piles up in memory. With no window and
 * redirects refused, fetch sends the request as it is and the file is read only as fast as the socket drains.
 * A stream could not be sent again on a redirect anyway.
 */
export const fetchWithoutBodyCopy: typeof fetch = (input, init) => fetch(input, { ...init, window: null, redirect: 'error' });
