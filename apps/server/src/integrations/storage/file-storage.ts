/** Inclusive byte offsets, as in an HTTP Range header. */
export type ByteRange = { start: number; end: number };

export type StoredFile = { key: string; size: number; modifiedAt: Date };

/**
 * Blob storage for audio and other files, addressed by relative keys such as `trips/<uuid>/audio.opus`:
 * a local folder (one machine, or a volume every instance mounts) or an S3-compatible bucket.
 */
export type FileStorage = {
  /** Writes the whole blob, replacing any previous one; readers see either the old or the new blob, never a partial one. */
  put(key: string, source: NodeJS.ReadableStream | Buffer): Promise<{ size: number }>;
  stat(key: string): Promise<{ size: number } | null>;
  /** The stream errors with code ENOENT when the key does not exist. */
  read(key: string, range?: ByteRange): NodeJS.ReadableStream;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored file whose key starts with `prefix` (a folder such as `incoming/`), in no set order. */
  list(prefix: string): Promise<StoredFile[]>;
  /** Only local storage has it: an absolute path for tools such as ffmpeg that need a file. */
  localPath?(key: string): string;
};

/** A key's folders and name; refuses keys that could leave the storage's root (`..`, absolute, backslashes). */
export function keySegments(key: string): string[] {
  const segments = key.split('/');
  const isValid =
    key.length > 0 &&
    !key.includes('\\') &&
    !key.includes('\0') &&
    !key.startsWith('/') &&
    segments.every((segment) => segment !== '' && segment !== '.' && segment !== '..');
  if (!isValid) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  return segments;
}

export function assertByteRange({ start, end }: ByteRange): void {
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new RangeError(`Invalid byte range ${start}-${end}`);
  }
}

/** The error a missing key's read stream fails with, whichever storage it is. */
export function notFoundError(key: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`No stored file ${JSON.stringify(key)}`), { code: 'ENOENT' });
}
