import { limits, messages, tusVersion, type AudioUpload } from '@skylog/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/app-error.ts';

/**
 * The tus 1.0 resumable upload protocol (https://tus.io/protocols/resumable-upload) as Skylog speaks it for a
 * flight's cockpit audio: the core protocol and the creation, creation-with-upload, termination and expiration
 * extensions. This file holds the protocol's headers only (the requests' header schemas are in the operation
 * table, contracts' schemas/audio-upload.ts); what an upload is and who may send it is the upload service's.
 */
export const tusExtensions = ['creation', 'creation-with-upload', 'termination', 'expiration'] as const;
/** The content type of every request body carrying an upload's bytes (PATCH, and POST with creation-with-upload). */
export const uploadBytesType = 'application/offset+octet-stream';

const mediaTypeOf = (contentType: string | undefined) => contentType?.split(';')[0]!.trim().toLowerCase();

export const isUploadBytes = (request: FastifyRequest) => mediaTypeOf(request.headers['content-type']) === uploadBytesType;

/**
 * Every tus request but OPTIONS names the protocol version it speaks; another one is refused before anything
 * else is read (412, with the versions this server speaks added by `sendTusHeaders`).
 */
export async function requireTusVersion(request: FastifyRequest): Promise<void> {
  if (request.headers['tus-resumable'] !== tusVersion) throw new AppError('precondition_failed', messages.tusVersionUnsupported);
}

/** A PATCH carries bytes and nothing else: refused before its body is read. */
export async function requireUploadBytes(request: FastifyRequest): Promise<void> {
  if (!isUploadBytes(request)) throw new AppError('unsupported_media_type', messages.uploadBytesTypeWrong);
}

/** Every answer of a tus route, errors included, says which protocol it speaks. */
export async function sendTusHeaders(_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  reply.header('tus-resumable', tusVersion);
  if (reply.statusCode === 412) reply.header('tus-version', tusVersion);
  return payload;
}

/** What OPTIONS answers: the protocol and extensions this server speaks, and the largest recording it takes. */
export function tusCapabilities(maxBytes: number): Record<string, string> {
  return { 'tus-version': tusVersion, 'tus-extension': tusExtensions.join(','), 'tus-max-size': String(maxBytes) };
}

/**
 * `Upload-Metadata`: comma-separated pairs of a key and its value in base64 (a key may stand alone). Values are
 * read as UTF-8. A malformed header is a 400 naming it.
 */
export function parseUploadMetadata(header: string): Record<string, string> {
  const values: Record<string, string> = {};
  const refuse = () => badRequest(messages.uploadMetadataInvalid, { 'upload-metadata': messages.uploadMetadataInvalid });
  for (const pair of header.split(',')) {
    const [key, value = '', ...rest] = pair.trim().split(' ');
    if (!key || rest.length > 0 || Object.hasOwn(values, key) || !/^[A-Za-z0-9+/]*={0,2}$/.test(value) || value.length % 4 === 1) throw refuse();
    values[key] = Buffer.from(value, 'base64').toString('utf8');
  }
  return values;
}

export function encodeUploadMetadata(values: Record<string, string | null>): string {
  return Object.entries(values)
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(([key, value]) => `${key} ${Buffer.from(value, 'utf8').toString('base64')}`)
    .join(',');
}

/** When an unfinished upload last touched at `lastActive` expires (the sweeper's rule), as tus's Upload-Expires writes it. */
export function expiresAt(lastActive: Date): Date {
  return new Date(lastActive.getTime() + limits.uploadIdleExpiryHours * 3600 * 1000);
}

/** The headers describing an upload's progress (HEAD, and the creation and PATCH answers). */
export function progressHeaders(upload: Pick<AudioUpload, 'offset' | 'size_bytes' | 'status'>, expires: Date | null): Record<string, string> {
  return {
    'upload-offset': String(upload.offset),
    'upload-length': String(upload.size_bytes),
    ...(expires && upload.status === 'receiving' ? { 'upload-expires': expires.toUTCString() } : {}),
  };
}
