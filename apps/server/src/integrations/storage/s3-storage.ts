import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, paginateListObjectsV2, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertByteRange, keySegments, notFoundError, type ByteRange, type FileStorage, type StoredFile } from './file-storage.ts';

export type S3Settings = {
  /** Any S3-compatible service (MinIO, Ceph, R2…); AWS itself when unset. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Both or neither: without them the SDK's own chain (instance role, AWS_* files) is used. */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
};

/**
 * Parts of a multipart upload. S3's minimum is 5 MiB; a recording larger than one part goes up in
 * parts, two at a time, so a two-hour flight never sits whole in memory.
 */
const partSizeBytes = 8 * 1024 * 1024;

/** A missing object; a missing bucket (`NoSuchBucket`, a configuration error) is not one. HEAD answers carry no body, so a 404 there is `NotFound`. */
function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound');
}

/** The bytes `start` to `end` of a whole stream (only for a server that ignored the range: rare, so the rest is read and dropped). */
function sliceOf({ start, end }: ByteRange): Transform {
  let position = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const from = Math.max(start - position, 0);
      const to = Math.min(end + 1 - position, chunk.length);
      position += chunk.length;
      done(null, from < to ? chunk.subarray(from, to) : undefined);
    },
  });
}

export function createS3Client(settings: S3Settings): S3Client {
  const { endpoint, region, accessKeyId, secretAccessKey } = settings;
  return new S3Client({
    region,
    endpoint,
    // Self-hosted S3-compatible services are addressed by path, not by a bucket subdomain.
    forcePathStyle: endpoint !== undefined,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  });
}

/** Files as objects in one bucket, keyed exactly as on local storage. */
export function createS3Storage(settings: S3Settings, client = createS3Client(settings)): FileStorage {
  const Bucket = settings.bucket;

  return {
    async put(key, source) {
      keySegments(key);
      // An object appears whole when its upload completes; a failed upload is aborted and leaves nothing.
      const upload = (Body: Buffer | Readable) => new Upload({ client, params: { Bucket, Key: key, Body }, partSize: partSizeBytes, queueSize: 2 }).done();
      if (Buffer.isBuffer(source)) {
        await upload(source);
        return { size: source.length };
      }
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await Promise.all([upload(counter), pipeline(source, counter)]);
      } catch (error) {
        counter.destroy();
        throw error;
      }
      return { size };
    },

    async stat(key) {
      keySegments(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    read(key, range) {
      keySegments(key);
      if (range) assertByteRange(range);
      const output = new PassThrough();
      const abort = new AbortController();
      // A listener that stops early (a seek, a closed tab) ends the request to the bucket too.
      output.on('close', () => abort.abort());
      client
        .send(new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }), {
          abortSignal: abort.signal,
        })
        .then((object) => {
          const body = object.Body as Readable;
          if (!range) return pipeline(body, output);
          // A server may answer more than the range asked (the whole object; one S3-compatible server does for `bytes=0-0`).
          const sent = /^bytes (\d+)-(\d+)\//.exec(object.ContentRange ?? '');
          const sentStart = sent ? Number(sent[1]) : 0;
          if (sent && sentStart === range.start && Number(sent[2]) === range.end) return pipeline(body, output);
          return pipeline(body, sliceOf({ start: range.start - sentStart, end: range.end - sentStart }), output);
        })
        .catch((error: unknown) => {
          if (!output.destroyed) output.destroy(isMissing(error) ? notFoundError(key) : (error as Error));
        });
      return output;
    },

    async delete(key) {
      keySegments(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async list(prefix) {
      const found: StoredFile[] = [];
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: prefix })) {
        for (const object of page.Contents ?? []) {
          if (object.Key) found.push({ key: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) });
        }
      }
      return found;
    },
  };
}
