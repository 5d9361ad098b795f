/** Inclusive byte offsets, as in an HTTP Range header. */
export type ByteRange = { start: number; end: number };

/**
 * Blob storage for audio and other files, addressed by relative keys such as `trips/<uuid>/audio.opus`.
 * Local disk now; an S3-like store can implement the same shape later.
 */
export type FileStorage = {
  /** Writes the whole blob, replacing any previous one; readers see either the old or the new blob, never a partial one. */
  put(key: string, source: NodeJS.ReadableStream | Buffer): Promise<{ size: number }>;
  stat(key: string): Promise<{ size: number } | null>;
  /** The stream errors with code ENOENT when the key does not exist. */
  read(key: string, range?: ByteRange): NodeJS.ReadableStream;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Only local storage has it: an absolute path for tools such as ffmpeg that need a file. */
  localPath?(key: string): string;
};
