import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AiNotesDraft } from '@skylog/contracts';
import { shuffledAndOverlapping } from './fake-deepgram-server.ts';

/**
 * A local server that speaks the OpenAI API as Skylog uses it: `POST /v1/audio/transcriptions` (multipart,
 * verbose_json; a local Whisper server speaks the same) and `POST /v1/chat/completions`. `url` ends in /v1, as
 * WHISPER_BASE_URL and LLM_BASE_URL do. Each request takes the next reply queued for its endpoint, or a success;
 * a wrong `Authorization: Bearer <key>` always answers 401 (pass `apiKey: null` for a server that wants none).
 */
export type TranscriptionReply =
  /** 200 with `body`, or with `whisperSample` when no body is given. */
  | { kind: 'success'; body?: unknown }
  /** 200 for a recording without speech: no segments, no words. */
  | { kind: 'no-speech' }
  /** 200 with the sample's words shuffled and overlapping. */
  | { kind: 'words-out-of-order' }
  /** 200 with segments but no word timings, as servers that ignore timestamp_granularities answer. */
  | { kind: 'segments-only' }
  | ErrorReply;

export type ChatReply =
  /** 200 with `content` as the message (an object is sent as its JSON), or `openAiSampleDraft` when none is given. */
  | { kind: 'success'; content?: string | object }
  /** 200 with no content and a refusal, as a model declining answers. */
  | { kind: 'refusal' }
  | ErrorReply;

type ErrorReply =
  /** The status with OpenAI's error body `{ error: { message, type, param, code } }`. */
  | { kind: 'error'; status: number; message?: string }
  /** Reads the whole body, then never answers (until `close`): for time-outs. */
  | { kind: 'hang' }
  /** 200, `application/json`, with a body cut off mid-way. */
  | { kind: 'malformed-json' };

export type OpenAiRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  isAuthorized: boolean;
  /** Multipart text fields (transcriptions); repeated names (`timestamp_granularities[]`) keep every value. */
  fields: Record<string, string[]>;
  /** The multipart file, counted as it streams in: its bytes are never kept. */
  file: { field: string; filename: string; contentType: string; bytes: number } | null;
  /** The JSON body (chat completions). */
  json: unknown;
  bodyBytes: number;
  isBodyComplete: boolean;
};

export type FakeOpenAiServer = {
  url: string;
  apiKey: string | null;
  requests: OpenAiRequest[];
  /** Queue replies for the coming transcription requests, in order. */
  replyTranscription(...replies: TranscriptionReply[]): void;
  /** Queue replies for the coming chat completion requests, in order. */
  replyChat(...replies: ChatReply[]): void;
  close(): Promise<void>;
};

type WhisperWord = { word: string; start: number; end: number };

const segmentTexts = [
  { start: 0.32, end: 4.08, text: ' Tower, Skyhawk one two three alpha bravo, ready for departure.' },
  { start: 5.04, end: 7.6, text: ' Skyhawk alpha bravo, cleared for takeoff.' },
];

const whisperWord = (word: string, start: number, end: number): WhisperWord => ({ word, start, end });

/** OpenAI's words carry neither punctuation nor the sentence's casing; the segments do. */
export const whisperSampleWords: WhisperWord[] = [
  whisperWord('Tower', 0.32, 0.64),
  whisperWord('Skyhawk', 0.72, 1.2),
  whisperWord('one', 1.2, 1.44),
  whisperWord('two', 1.44, 1.68),
  whisperWord('three', 1.68, 1.96),
  whisperWord('alpha', 1.96, 2.32),
  whisperWord('bravo', 2.32, 2.72),
  whisperWord('ready', 2.88, 3.2),
  whisperWord('for', 3.2, 3.36),
  whisperWord('departure', 3.36, 4.08),
  whisperWord('Skyhawk', 5.04, 5.52),
  whisperWord('alpha', 5.52, 5.84),
  whisperWord('bravo', 5.84, 6.24),
  whisperWord('cleared', 6.4, 6.8),
  whisperWord('for', 6.8, 6.96),
  whisperWord('takeoff', 6.96, 7.6),
];

export const whisperSampleTranscript = segmentTexts.map((segment) => segment.text.trim()).join(' ');

/** An OpenAI verbose_json answer with the given segments and words. */
export function whisperResponse(segments: Array<{ start: number; end: number; text: string }>, words: WhisperWord[] | undefined) {
  return {
    task: 'transcribe',
    language: 'english',
    duration: segments.reduce((latest, segment) => Math.max(latest, segment.end), 0) + 0.5,
    text: segments.map((segment) => segment.text.trim()).join(' '),
    segments: segments.map((segment, id) => ({
      id,
      seek: 0,
      ...segment,
      tokens: [50364, 13817, 11, 50564],
      temperature: 0,
      avg_logprob: -0.21,
      compression_ratio: 1.18,
      no_speech_prob: 0.01,
    })),
    ...(words ? { words } : {}),
    usage: { type: 'duration', seconds: 8 },
  };
}

export const whisperSample = whisperResponse(segmentTexts, whisperSampleWords);

export const openAiSampleDraft: AiNotesDraft = {
  well: [{ moment_id: 'readback-1', text: 'Complete readback of the take-off clearance, callsign last.' }],
  improve: [{ moment_id: null, text: 'Check the runway number in the departure call before pressing to talk.' }],
};

export async function startFakeOpenAiServer(options: { apiKey?: string | null } = {}): Promise<FakeOpenAiServer> {
  const apiKey = options.apiKey === undefined ? 'test-openai-key' : options.apiKey;
  const transcriptionReplies: TranscriptionReply[] = [];
  const chatReplies: ChatReply[] = [];
  const requests: OpenAiRequest[] = [];

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const request: OpenAiRequest = {
      method: req.method ?? '',
      path,
      headers: req.headers,
      isAuthorized: apiKey === null || req.headers.authorization === `Bearer ${apiKey}`,
      fields: {},
      file: null,
      json: undefined,
      bodyBytes: 0,
      isBodyComplete: false,
    };
    requests.push(request);
    readBody(req, request).then(
      () => {
        if (req.method !== 'POST') return sendError(res, 404);
        if (!request.isAuthorized) return sendError(res, 401);
        if (path === '/v1/audio/transcriptions') return answerTranscription(res, transcriptionReplies.shift() ?? { kind: 'success' });
        if (path === '/v1/chat/completions') return answerChat(res, chatReplies.shift() ?? { kind: 'success' }, request.json);
        sendError(res, 404);
      },
      () => sendError(res, 400, 'The request body could not be read.'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    apiKey,
    requests,
    replyTranscription: (...replies) => void transcriptionReplies.push(...replies),
    replyChat: (...replies) => void chatReplies.push(...replies),
    close: async () => {
      // Hung answers keep their sockets open: end them, or close() would wait for ever.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function readBody(req: IncomingMessage, request: OpenAiRequest): Promise<void> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(req.headers['content-type'] ?? '');
  const multipart = boundary ? createMultipartReader(boundary[1] ?? boundary[2]!, request) : null;
  // Only JSON bodies (small) are kept; multipart ones are read part by part as they arrive.
  const jsonChunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    request.bodyBytes += chunk.length;
    if (multipart) multipart.push(chunk);
    else jsonChunks.push(chunk);
  }
  request.isBodyComplete = true;
  if (!multipart && jsonChunks.length > 0) request.json = JSON.parse(Buffer.concat(jsonChunks).toString('utf8'));
}

/**
 * A streaming multipart/form-data reader: text fields are kept, the file is only counted. It holds back
 * at most a delimiter's length of bytes, so a boundary split between two chunks is still found.
 */
function createMultipartReader(boundary: string, request: OpenAiRequest) {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // A leading CRLF makes the first boundary look like every later one.
  let pending: Buffer = Buffer.from('\r\n');
  let state: 'preamble' | 'after-delimiter' | 'headers' | 'body' | 'done' = 'preamble';
  let part: { name: string; filename: string | undefined; contentType: string; text: Buffer[] } | null = null;

  const take = (data: Buffer) => {
    if (!part || data.length === 0) return;
    if (part.filename !== undefined) request.file!.bytes += data.length;
    else part.text.push(data);
  };
  const finishPart = () => {
    if (part && part.filename === undefined) (request.fields[part.name] ??= []).push(Buffer.concat(part.text).toString('utf8'));
    part = null;
  };

  return {
    push(chunk: Buffer) {
      pending = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
      for (;;) {
        if (state === 'preamble' || state === 'body') {
          const at = pending.indexOf(delimiter);
          if (at < 0) {
            const kept = Math.min(pending.length, delimiter.length - 1);
            if (state === 'body') take(pending.subarray(0, pending.length - kept));
            pending = pending.subarray(pending.length - kept);
            return;
          }
          if (state === 'body') {
            take(pending.subarray(0, at));
            finishPart();
          }
          pending = pending.subarray(at + delimiter.length);
          state = 'after-delimiter';
        } else if (state === 'after-delimiter') {
          if (pending.length < 2) return;
          state = pending.subarray(0, 2).toString('latin1') === '--' ? 'done' : 'headers';
          pending = pending.subarray(2);
        } else if (state === 'headers') {
          const at = pending.indexOf('\r\n\r\n');
          if (at < 0) return;
          const headers = pending.subarray(0, at).toString('utf8');
          pending = pending.subarray(at + 4);
          const name = /name="([^"]*)"/i.exec(headers)?.[1] ?? '';
          const filename = /filename="([^"]*)"/i.exec(headers)?.[1];
          const contentType = /^content-type:\s*(.+)$/im.exec(headers)?.[1]?.trim() ?? 'text/plain';
          part = { name, filename, contentType, text: [] };
          if (filename !== undefined) request.file = { field: name, filename, contentType, bytes: 0 };
          state = 'body';
        } else {
          return;
        }
      }
    },
  };
}

function answerTranscription(res: ServerResponse, reply: TranscriptionReply) {
  switch (reply.kind) {
    case 'success':
      return sendJson(res, 200, reply.body ?? whisperSample);
    case 'no-speech':
      return sendJson(res, 200, whisperResponse([], []));
    case 'words-out-of-order':
      return sendJson(res, 200, whisperResponse(segmentTexts, shuffledAndOverlapping(whisperSampleWords)));
    case 'segments-only':
      return sendJson(res, 200, whisperResponse(segmentTexts, undefined));
    default:
      return answerWithTrouble(res, reply);
  }
}

function answerChat(res: ServerResponse, reply: ChatReply, body: unknown) {
  const model = typeof body === 'object' && body !== null && 'model' in body ? String(body.model) : 'unknown';
  switch (reply.kind) {
    case 'success': {
      const content = reply.content ?? openAiSampleDraft;
      return sendJson(
        res,
        200,
        chatCompletion(model, { content: typeof content === 'string' ? content : JSON.stringify(content), refusal: null }),
      );
    }
    case 'refusal':
      return sendJson(res, 200, chatCompletion(model, { content: null, refusal: "I'm sorry, I can't help with that request." }));
    default:
      return answerWithTrouble(res, reply);
  }
}

function chatCompletion(model: string, message: { content: string | null; refusal: string | null }) {
  return {
    id: `chatcmpl-${crypto.randomUUID()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', ...message, annotations: [] }, logprobs: null, finish_reason: 'stop' }],
    usage: { prompt_tokens: 812, completion_tokens: 96, total_tokens: 908 },
    system_fingerprint: 'fp_skylog_test',
  };
}

function answerWithTrouble(res: ServerResponse, reply: ErrorReply) {
  switch (reply.kind) {
    case 'error':
      return sendError(res, reply.status, reply.message);
    case 'hang':
      return;
    case 'malformed-json':
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"task":"transcribe","segments":[{"id":0,"start":0.3');
  }
}

const errorBodies: Record<number, { message: string; type: string; code: string | null }> = {
  400: { message: 'Invalid file format.', type: 'invalid_request_error', code: null },
  401: {
    message: 'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
    type: 'invalid_request_error',
    code: 'invalid_api_key',
  },
  404: { message: 'The model does not exist or you do not have access to it.', type: 'invalid_request_error', code: 'model_not_found' },
  429: { message: 'Rate limit reached for requests. Please try again in 20s.', type: 'requests', code: 'rate_limit_exceeded' },
  500: { message: 'The server had an error while processing your request. Sorry about that!', type: 'server_error', code: null },
  503: { message: 'The engine is currently overloaded, please try again later.', type: 'server_error', code: null },
};

function sendError(res: ServerResponse, status: number, message?: string) {
  const body = errorBodies[status] ?? { message: `Error ${status}`, type: 'server_error', code: null };
  sendJson(res, status, { error: { ...body, ...(message ? { message } : {}), param: null } });
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': `req_${crypto.randomUUID().replaceAll('-', '')}` });
  res.end(JSON.stringify(body));
}
