import { limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { text } from './text.ts';

/** Characters that are never part of a readable name: controls, and the marks that reverse how text runs (they can hide a real extension). */
const unreadable = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * A file name a client gave, reduced to one that is safe to store, show and use: its last path segment
 * (a client may send `C:\rec\a.wav` or `../../x`), without unreadable characters, without leading dots
 * (hidden files, `.` and `..`) or spaces. Letters of every script, spaces inside and the extension stay.
 */
export function toSafeFileName(name: string): string {
  const lastSegment = name.split(/[/\\]/).at(-1) ?? '';
  return lastSegment.replace(unreadable, '').replace(/^[\s.]+/, '').trim();
}

/** The name of an uploaded or imported file (audio uploads, track imports): stored and used only as its safe base name. */
export const uploadFileNameSchema = text({ error: 'File name is required' })
  .trim()
  .min(1, 'File name is required')
  .max(limits.fileNameMaxLength, `File name must be at most ${limits.fileNameMaxLength} characters`)
  .transform(toSafeFileName)
  .refine((name) => name.length > 0, { message: 'File name must name a file, not only dots, slashes or spaces' });

/**
 * Content types an audio upload may declare: audio of any kind; the containers browsers label as video
 * although they often hold only sound (a phone's .mp4 or .3gp, a .webm or .ogg recording), which ffmpeg
 * reads the audio from; and "unknown" (application/octet-stream), which says nothing, so ffmpeg decides.
 * Anything else (a program, a document, a picture) is not a recording.
 */
const audioContainerTypes = new Set(['video/mp4', 'video/webm', 'video/ogg', 'video/3gpp', 'application/ogg', 'application/octet-stream']);

export function isAudioContentType(contentType: string): boolean {
  const essence = contentType.split(';')[0]!.trim().toLowerCase();
  return essence === '' || essence.startsWith('audio/') || audioContainerTypes.has(essence);
}

export const audioContentTypeSchema = text().max(100).refine(isAudioContentType, { message: messages.audioNotReadable });
