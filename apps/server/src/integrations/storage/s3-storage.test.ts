import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeFileStorage } from '../../../test/support/file-storage-contract.ts';
import { startLocalS3, type LocalS3 } from '../../../test/support/s3-server.ts';
import type { FileStorage } from './file-storage.ts';
import { createS3Storage, type S3Settings } from './s3-storage.ts';

describe('S3 file storage (against a local S3-compatible server)', () => {
  let s3: LocalS3;
  let settings: S3Settings;
  let storage: FileStorage;

  beforeAll(async () => {
    s3 = await startLocalS3();
    settings = await s3.newBucket();
    storage = createS3Storage(settings);
  });
  beforeEach(async () => s3.emptyBucket(settings));
  afterAll(async () => s3.close());

  describeFileStorage('an S3 bucket', () => storage);

  it('sends a recording larger than one part in parts and reads any range of it back', async () => {
    const recording = randomBytes(19 * 1024 * 1024 + 123);
    const pieces = [recording.subarray(0, 3_000_000), recording.subarray(3_000_000, 11_000_000), recording.subarray(11_000_000)];
    expect(await storage.put('trips/t/audio-u/original.wav', Readable.from(pieces))).toEqual({ size: recording.length });
    expect(await storage.stat('trips/t/audio-u/original.wav')).toEqual({ size: recording.length });
    const end = recording.length - 1;
    expect((await buffer(storage.read('trips/t/audio-u/original.wav', { start: end - 9, end }))).equals(recording.subarray(end - 9))).toBe(true);
    expect((await buffer(storage.read('trips/t/audio-u/original.wav'))).equals(recording)).toBe(true);
  });

  it('a listener that stops reading early ends the download without an error', async () => {
    await storage.put('big.bin', randomBytes(4 * 1024 * 1024));
    const stream = storage.read('big.bin') as Readable;
    await new Promise<void>((resolve) => stream.once('data', () => resolve()));
    stream.destroy();
    await new Promise((resolve) => stream.once('close', resolve));
    expect(await storage.stat('big.bin')).toEqual({ size: 4 * 1024 * 1024 });
  });

  it('says what is wrong when the bucket does not exist', async () => {
    const missing = createS3Storage({ ...settings, bucket: 'no-such-bucket' });
    await expect(missing.put('a', Buffer.from('x'))).rejects.toThrow(/bucket/i);
  });
});
