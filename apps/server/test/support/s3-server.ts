import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { createS3Client, type S3Settings } from '../../src/integrations/storage/s3-storage.ts';

export type LocalS3 = {
  /** Settings for a new, empty bucket on the server. */
  newBucket: () => Promise<S3Settings>;
  /** Every object of a bucket, removed (between tests). */
  emptyBucket: (settings: S3Settings) => Promise<void>;
  close: () => Promise<void>;
};

let bucketCount = 0;

/** An S3-compatible server on the loopback (s3rver: the S3 REST API over a temporary folder), for tests. */
export async function startLocalS3(): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'skylog-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = (await server.run()) as { port: number };
  const base = { endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = createS3Client({ ...base, bucket: '' });
  return {
    async newBucket() {
      bucketCount += 1;
      const bucket = `skylog-test-${process.pid}-${bucketCount}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return { ...base, bucket };
    },
    async emptyBucket({ bucket }) {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      const objects = (listed.Contents ?? []).map((object) => ({ Key: object.Key! }));
      if (objects.length > 0) await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: objects } }));
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
