import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * For large answers that change seldom (a track, waveform peaks, a finished transcript): the body is
 * serialized once (by the route's response schema), tagged with a strong ETag of its bytes, and
 * marked `Cache-Control: private, no-cache`, so the browser keeps it, asks again each time with
 * If-None-Match, and an unchanged one comes back as an empty 304 (no body to compress, send or parse).
 */
export function sendRevalidated(request: FastifyRequest, reply: FastifyReply, body: unknown): FastifyReply {
  const payload = String(reply.serialize(body));
  const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
  reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'cookie, authorization');
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(payload);
}

/** A revalidated route's answers: the body, or an empty 304 when the browser's copy is current. */
export const revalidatedResponses = <T extends z.ZodType>(body: T) => ({ 200: body, 304: z.null() });

/** If-None-Match holds a list of tags (weak ones match too, RFC 9110 §13.1.2) or `*`. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });
}
