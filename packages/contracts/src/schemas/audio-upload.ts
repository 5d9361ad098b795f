import { z } from 'zod';
import { messages } from '../messages.ts';
import { text } from './text.ts';
import { idParamsSchema } from './users.ts';

/**
 * The headers of the tus 1.0 resumable upload protocol (https://tus.io/protocols/resumable-upload) as Skylog
 * takes them for a flight's cockpit audio (docs/recorder-api.md): the operation table declares them, the
 * server's tus-protocol.ts does the rest of the protocol.
 */
export const tusVersion = '1.0.0';

// Header values are strings; a byte count is written in digits only (no sign, fraction, exponent or hexadecimal).
const byteCount = (message: string) => text({ error: message }).regex(/^\d{1,15}$/, message).transform(Number);
const tusResumableHeader = z.literal(tusVersion).describe('The tus protocol version: 1.0.0');

export const tusCreationHeadersSchema = z.object({
  'tus-resumable': tusResumableHeader,
  'upload-length': byteCount(messages.uploadLengthInvalid).describe("The recording's size in bytes"),
  'upload-metadata': text({ error: messages.uploadMetadataInvalid })
    .describe('Comma-separated `key base64(value)` pairs: `filename` (required) and `filetype` (its content type, optional)'),
});

export const tusAppendHeadersSchema = z.object({
  'tus-resumable': tusResumableHeader,
  'upload-offset': byteCount(messages.uploadOffsetInvalid).describe('Where these bytes start: the offset the server has'),
});

export const tusRequestHeadersSchema = z.object({ 'tus-resumable': tusResumableHeader });

/** An upload's URL: the flight and the upload. */
export const audioUploadParamsSchema = idParamsSchema.extend({ uploadId: z.uuid({ error: 'Not a valid id' }) });
