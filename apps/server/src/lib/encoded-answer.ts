import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import { limits } from '@skylog/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type ContentEncoding = 'br' | 'gzip';

/**
 * A JSON answer serialized once, with its brotli and gzip forms made the first time a client asks for each and
 * kept with it: an answer remembered in memory is compressed once, not on every request that sends it.
 */
export type EncodedAnswer = {
  readonly json: Buffer;
  /** The bytes to send for `encoding`, compressed now if no client asked for that encoding before. */
  bytes: (encoding: ContentEncoding | 'identity') => Buffer;
  /** What the answer holds in memory so far, all its forms together. */
  size: () => number;
};

/** Brotli's quality for answers compressed as they are sent (app.ts, @fastify/compress) and for remembered ones. */
export const answerBrotliQuality = 4;

// The settings @fastify/compress uses for every other answer (app.ts), so a remembered answer is the same size on
// the wire as one compressed per request.
const compressors: Record<ContentEncoding, (json: Buffer) => Buffer> = {
  br: (json) =>
    brotliCompressSync(json, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: answerBrotliQuality, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: json.length },
    }),
  gzip: (json) => gzipSync(json),
};

/** `onCompressed` hears how many bytes each new compressed form adds (a cache counting what it holds). */
export function encodedAnswer(serialized: string, onCompressed: (added: number) => void = () => undefined): EncodedAnswer {
  const json = Buffer.from(serialized);
  const compressed: Partial<Record<ContentEncoding, Buffer>> = {};
  return {
    json,
    bytes(encoding) {
      if (encoding === 'identity') return json;
      let bytes = compressed[encoding];
      if (!bytes) {
        bytes = compressed[encoding] = compressors[encoding](json);
        onCompressed(bytes.length);
      }
      return bytes;
    },
    size: () => json.length + (compressed.br?.length ?? 0) + (compressed.gzip?.length ?? 0),
  };
}

// @fastify/compress's own reading of Accept-Encoding: `*` (no preference) and `x-gzip` count as gzip (RFC 7230
// section 4.2.3), and of brotli and gzip the accepted one with the higher weight is chosen, brotli on a tie.
const gzipAlias = /\*|x-gzip/gu;
const offered: ContentEncoding[] = ['br', 'gzip'];

/**
 * The encoding to send, chosen as @fastify/compress chooses it for every other answer; `identity` when neither is
 * accepted, the client asks for no compression, or the answer is too small to be worth it.
 */
export function chosenEncoding(request: FastifyRequest, size: number): ContentEncoding | 'identity' {
  const header = request.headers['accept-encoding'];
  if (!header || request.headers['x-no-compression'] !== undefined || size < limits.compressMinBytes) return 'identity';
  return negotiate(header.toLowerCase().replace(gzipAlias, 'gzip'), offered) ?? 'identity';
}

/** Sends the answer in the encoding the client prefers, as it was kept: nothing is serialized or compressed again. */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, answer: EncodedAnswer): FastifyReply {
  const encoding = chosenEncoding(request, answer.json.length);
  reply.type('application/json; charset=utf-8');
  if (encoding === 'identity') return reply.send(answer.json);
  // @fastify/compress leaves an answer that names its encoding as it is.
  const vary = reply.getHeader('vary');
  const varies =
    vary === undefined ? 'accept-encoding' : /accept-encoding/i.test(String(vary)) ? String(vary) : `${String(vary)}, accept-encoding`;
  return reply.header('content-encoding', encoding).header('vary', varies).send(answer.bytes(encoding));
}
