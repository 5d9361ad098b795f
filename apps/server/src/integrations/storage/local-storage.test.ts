import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeFileStorage } from '../../../test/support/file-storage-contract.ts';
import type { FileStorage } from './file-storage.ts';
import { createLocalStorage } from './local-storage.ts';

describe('local file storage', () => {
  let rootDir: string;
  let storage: FileStorage;

  beforeEach(async () => {
    rootDir = await mkdtemp(path.join(tmpdir(), 'skylog-storage-'));
    storage = createLocalStorage(rootDir);
  });

  afterEach(async () => rm(rootDir, { recursive: true, force: true }));

  describeFileStorage('a local folder', () => storage);

  it('keeps a file at its key’s path under the folder, creating the folders', async () => {
    await storage.put('trips/0b7c2f1e-1111-4c8e-9d7a-3f1e2d4c5b6a/audio.opus', Buffer.from('hello audio'));
    expect(await readFile(path.join(rootDir, 'trips', '0b7c2f1e-1111-4c8e-9d7a-3f1e2d4c5b6a', 'audio.opus'), 'utf8')).toBe('hello audio');
  });

  it('leaves no temporary file behind, whether the write succeeds or its source fails', async () => {
    await storage.put('a/b.bin', Readable.from([Buffer.from('new')]));
    const failing = Readable.from(
      (async function* () {
        yield Buffer.from('partial');
        throw new Error('client went away');
      })(),
    );
    await expect(storage.put('a/b.bin', failing)).rejects.toThrow('client went away');
    expect(await readdir(path.join(rootDir, 'a'))).toEqual(['b.bin']);
  });

  it('removes a folder its last file leaves empty, and keeps one that still holds files', async () => {
    await storage.put('incoming/u1/0', Buffer.from('x'));
    await storage.put('incoming/u1/1', Buffer.from('y'));
    await storage.delete('incoming/u1/0');
    expect(await readdir(path.join(rootDir, 'incoming'))).toEqual(['u1']);
    await storage.delete('incoming/u1/1');
    expect(await readdir(path.join(rootDir, 'incoming'))).toEqual([]);
  });

  it('gives the absolute local path of a key, and refuses a key that would leave the folder', async () => {
    await storage.put('trips/t/audio.opus', Buffer.from('x'));
    const localPath = storage.localPath?.('trips/t/audio.opus');
    expect(localPath).toBe(path.join(rootDir, 'trips', 't', 'audio.opus'));
    expect(path.isAbsolute(localPath!)).toBe(true);
    expect(() => storage.localPath?.('../escape')).toThrow('Invalid storage key');
  });
});
