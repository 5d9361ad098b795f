import { messages, uploadTooLargeMessage } from '@skylog/contracts';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { AppError, badRequest } from '../../lib/app-error.ts';

/** The types a track file may be sent as: GPX, KML, CSV and IGC files, or just bytes. */
const trackFileTypes = [
  'application/octet-stream',
  'application/gpx+xml',
  'application/vnd.google-earth.kml+xml',
  'text/csv',
  'application/xml',
  'text/xml',
];

/**
 * Lets the routes of this scope take a track file as the raw body, as bytes, up to `maxBytes`. Register it in
 * a scope of its own: elsewhere these types stay refused.
 */
export function acceptTrackFiles(scope: FastifyInstance, maxBytes: number): void {
  scope.addContentTypeParser(trackFileTypes, { parseAs: 'buffer', bodyLimit: maxBytes }, (_request, body, done) => done(null, body));
}

/** Refuses an oversize file before reading it, saying what the limit is. */
export function refuseOversizeTrackFile(maxBytes: number): onRequestAsyncHookHandler {
  return async (request) => {
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > maxBytes) throw new AppError('body_too_large', uploadTooLargeMessage(maxBytes));
  };
}

/** The file the request carries; none (or an empty one) is a 400 naming `file`. */
export function trackFileOf(body: unknown): Buffer {
  if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest(messages.trackFileMissing, { file: messages.trackFileMissing });
  return body;
}
