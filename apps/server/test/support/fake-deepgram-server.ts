import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server that speaks Deepgram's pre-recorded API (`POST /v1/listen`), so the real SDK is tested over
 * real HTTP. Point `DeepgramClient`'s baseUrl (DEEPGRAM_BASE_URL) at `url`. Each request takes the next queued
 * reply (see `reply`), or a success; a wrong `Authorization: Token <key>` always answers 401, as Deepgram does.
 */
export type DeepgramReply =
  /** 200 with `body`, or with `deepgramSample` when no body is given. */
  | { kind: 'success'; body?: unknown }
  /** 200 for a recording without speech: no words, an empty transcript. */
  | { kind: 'no-speech' }
  /** 200 with the sample's words shuffled and overlapping, as a provider may send them. */
  | { kind: 'words-out-of-order' }
  /** The status with Deepgram's error body `{ err_code, err_msg, request_id }`. */
  | { kind: 'error'; status: number; message?: string }
  /** Reads the whole body, then never answers (until `close`): for time-outs. */
  | { kind: 'hang' }
  /** 200, `application/json`, with a body cut off mid-way. */
  | { kind: 'malformed-json' };

export type DeepgramRequest = {
  method: string;
  path: string;
  /** Query options as sent; repeated keys (keyterm) keep every value. */
  query: Record<string, string[]>;
  headers: IncomingHttpHeaders;
  isAuthorized: boolean;
  /** Counted as the body streams in; the body itself is never kept. */
  bodyBytes: number;
  isBodyComplete: boolean;
};

export type FakeDeepgramServer = {
  url: string;
  apiKey: string;
  requests: DeepgramRequest[];
  /** Queues replies, one per coming request, in order. */
  reply(...replies: DeepgramReply[]): void;
  close(): Promise<void>;
};

type SampleWord = { word: string; punctuated_word: string; start: number; end: number; speaker: number; confidence: number };

const sampleWord = (word: string, punctuated_word: string, start: number, end: number, speaker: number): SampleWord => ({
  word,
  punctuated_word,
  start,
  end,
  speaker,
  confidence: 0.97,
});

/** The words of the default answer: the pilot (speaker 0) calls, the tower (speaker 1) answers. */
export const deepgramSampleWords: SampleWord[] = [
  sampleWord('tower', 'Tower,', 0.32, 0.64, 0),
  sampleWord('skyhawk', 'Skyhawk', 0.72, 1.2, 0),
  sampleWord('one', 'one', 1.2, 1.44, 0),
  sampleWord('two', 'two', 1.44, 1.68, 0),
  sampleWord('three', 'three', 1.68, 1.96, 0),
  sampleWord('alpha', 'alpha', 1.96, 2.32, 0),
  sampleWord('bravo', 'bravo,', 2.32, 2.72, 0),
  sampleWord('ready', 'ready', 2.88, 3.2, 0),
  sampleWord('for', 'for', 3.2, 3.36, 0),
  sampleWord('departure', 'departure.', 3.36, 4.08, 0),
  sampleWord('skyhawk', 'Skyhawk', 5.04, 5.52, 1),
  sampleWord('alpha', 'alpha', 5.52, 5.84, 1),
  sampleWord('bravo', 'bravo,', 5.84, 6.24, 1),
  sampleWord('cleared', 'cleared', 6.4, 6.8, 1),
  sampleWord('for', 'for', 6.8, 6.96, 1),
  sampleWord('takeoff', 'takeoff.', 6.96, 7.6, 1),
];

export const deepgramSampleTranscript = deepgramSampleWords.map((word) => word.punctuated_word).join(' ');

/** A Deepgram pre-recorded answer around the given words, with the metadata and utterances Deepgram adds. */
export function deepgramResponse(words: SampleWord[]) {
  const transcript = words.map((word) => word.punctuated_word).join(' ');
  const duration = words.reduce((latest, word) => Math.max(latest, word.end), 0) + 0.5;
  return {
    metadata: {
      transaction_key: 'deprecated',
      request_id: crypto.randomUUID(),
      sha256: '5324da68ede209a16ac69a38e8cd29cee4d754434a041166cda3a1f5e0b24566',
      created: new Date().toISOString(),
      duration,
      channels: 1,
      models: ['2187e11a-3532-4498-b076-81fa530bdd49'],
      model_info: { '2187e11a-3532-4498-b076-81fa530bdd49': { name: 'general-nova-3', version: '2025-04-17.21547', arch: 'nova-3' } },
    },
    results: {
      channels: [
        {
          alternatives: [
            {
              transcript,
              confidence: words.length > 0 ? 0.97 : 0,
              words: words.map((word) => ({ ...word, speaker_confidence: 0.81 })),
            },
          ],
        },
      ],
      utterances: groupBySpeaker(words).map((utterance, index) => ({
        start: utterance[0]!.start,
        end: utterance.at(-1)!.end,
        confidence: 0.97,
        channel: 0,
        transcript: utterance.map((word) => word.punctuated_word).join(' '),
        words: utterance,
        speaker: utterance[0]!.speaker,
        id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      })),
    },
  };
}

export const deepgramSample = deepgramResponse(deepgramSampleWords);

export async function startFakeDeepgramServer(options: { apiKey?: string; port?: number } = {}): Promise<FakeDeepgramServer> {
  const apiKey = options.apiKey ?? 'test-deepgram-key';
  const queued: DeepgramReply[] = [];
  const requests: DeepgramRequest[] = [];

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const query: Record<string, string[]> = {};
    for (const [key, value] of url.searchParams) (query[key] ??= []).push(value);
    const request: DeepgramRequest = {
      method: req.method ?? '',
      path: url.pathname,
      query,
      headers: req.headers,
      isAuthorized: req.headers.authorization === `Token ${apiKey}`,
      bodyBytes: 0,
      isBodyComplete: false,
    };
    requests.push(request);
    countBody(req, request).then(
      () => {
        if (req.method !== 'POST' || url.pathname !== '/v1/listen') return sendError(res, 404);
        if (!request.isAuthorized) return sendError(res, 401);
        answer(res, queued.shift() ?? { kind: 'success' });
      },
      // The client went away mid-upload (its time-out): nothing left to answer.
      () => res.destroy(),
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    reply: (...replies) => void queued.push(...replies),
    close: async () => {
      // Hung answers keep their sockets open: end them, or close() would wait for ever.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function countBody(req: IncomingMessage, request: DeepgramRequest): Promise<void> {
  for await (const chunk of req as AsyncIterable<Buffer>) request.bodyBytes += chunk.length;
  request.isBodyComplete = true;
}

function answer(res: ServerResponse, reply: DeepgramReply) {
  switch (reply.kind) {
    case 'success':
      return sendJson(res, 200, reply.body ?? deepgramSample);
    case 'no-speech':
      return sendJson(res, 200, deepgramResponse([]));
    case 'words-out-of-order':
      return sendJson(res, 200, deepgramResponse(shuffledAndOverlapping(deepgramSampleWords)));
    case 'error':
      return sendError(res, reply.status, reply.message);
    case 'hang':
      return;
    case 'malformed-json':
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(deepgramSample).slice(0, 120));
  }
}

const errorCodes: Record<number, [string, string]> = {
  400: ['Bad Request', 'Bad Request: failed to process audio: corrupt or unsupported data'],
  401: ['INVALID_AUTH', 'Invalid credentials.'],
  402: ['ASR_PAYMENT_REQUIRED', 'Project does not have enough credits for an ASR request.'],
  404: ['Not Found', 'Not Found'],
  429: ['TOO_MANY_REQUESTS', 'Too many requests. Please try again later.'],
  500: ['INTERNAL_SERVER_ERROR', 'An internal server error occurred.'],
  503: ['SERVICE_UNAVAILABLE', 'The service is temporarily unavailable.'],
};

function sendError(res: ServerResponse, status: number, message?: string) {
  const [code, defaultMessage] = errorCodes[status] ?? ['ERROR', `Error ${status}`];
  sendJson(res, status, { err_code: code, err_msg: message ?? defaultMessage, request_id: crypto.randomUUID() });
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'dg-request-id': crypto.randomUUID() });
  res.end(JSON.stringify(body));
}

/** The last word first, and every other word starting before the previous one ends: what normalising must undo. */
export function shuffledAndOverlapping<Word extends { start: number }>(words: Word[]): Word[] {
  const overlapping = words.map((word, index) => (index % 2 === 1 ? { ...word, start: word.start - 0.1 } : word));
  return [overlapping.at(-1)!, ...overlapping.slice(0, -1).reverse()];
}

function groupBySpeaker(words: SampleWord[]): SampleWord[][] {
  const groups: SampleWord[][] = [];
  for (const word of words) {
    const current = groups.at(-1);
    if (current && current[0]!.speaker === word.speaker) current.push(word);
    else groups.push([word]);
  }
  return groups;
}
