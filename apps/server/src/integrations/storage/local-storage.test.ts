import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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

  it('stores a buffer under a nested key, creating the folders, and reads it back', async () => {
    const key = 'trips/0b7c2f1e-1111-4c8e-9d7a-3f1e2d4c5b6a/audio.opus';
    expect(await storage.put(key, Buffer.from('hello audio'))).toEqual({ size: 11 });
    expect(await storage.stat(key)).toEqual({ size: 11 });
    expect(await text(storage.read(key))).toBe('hello audio');
    expect(await readFile(path.join(rootDir, 'trips', '0b7c2f1e-1111-4c8e-9d7a-3f1e2d4c5b6a', 'audio.opus'), 'utf8')).toBe('hello audio');
  });

  it('stores a stream and replaces an existing blob, leaving no temp file behind', async () => {
    await storage.put('a/b.bin', Buffer.from('old'));
    const { size } = await storage.put('a/b.bin', Readable.from([Buffer.from('new '), Buffer.from('content')]));
    expect(size).toBe(11);
    expect(await text(storage.read('a/b.bin'))).toBe('new content');
    expect(await readdir(path.join(rootDir, 'a'))).toEqual(['b.bin']);
  });

  it('keeps the previous blob and no temp file when the source stream fails', async () => {
    await storage.put('a/b.bin', Buffer.from('intact'));
    const failing = Readable.from(
      (async function* () {
        yield Buffer.from('partial');
        throw new Error('client went away');
      })(),
    );
    await expect(storage.put('a/b.bin', failing)).rejects.toThrow('client went away');
    expect(await text(storage.read('a/b.bin'))).toBe('intact');
    expect(await readdir(path.join(rootDir, 'a'))).toEqual(['b.bin']);
  });

  it('reads inclusive byte ranges', async () => {
    await storage.put('r.txt', Buffer.from('0123456789'));
    expect(await text(storage.read('r.txt', { start: 0, end: 0 }))).toBe('0');
    expect(await text(storage.read('r.txt', { start: 2, end: 5 }))).toBe('2345');
    expect(await text(storage.read('r.txt', { start: 7, end: 9 }))).toBe('789');
    expect(() => storage.read('r.txt', { start: 5, end: 2 })).toThrow(RangeError);
    expect(() => storage.read('r.txt', { start: -1, end: 2 })).toThrow(RangeError);
  });

  it('answers null for a missing key and a read of it fails with ENOENT', async () => {
    expect(await storage.stat('missing/file')).toBeNull();
    await expect(text(storage.read('missing/file'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('answers null for a folder, which is not a blob', async () => {
    await storage.put('folder/file', Buffer.from('x'));
    expect(await storage.stat('folder')).toBeNull();
  });

  it('deletes a blob, and deleting it again is not an error', async () => {
    await storage.put('d/x.bin', Buffer.from('x'));
    await storage.delete('d/x.bin');
    expect(await storage.stat('d/x.bin')).toBeNull();
    await expect(storage.delete('d/x.bin')).resolves.toBeUndefined();
  });

  it('gives the absolute local path of a key', async () => {
    await storage.put('trips/t/audio.opus', Buffer.from('x'));
    const localPath = storage.localPath?.('trips/t/audio.opus');
    expect(localPath).toBe(path.join(rootDir, 'trips', 't', 'audio.opus'));
    expect(path.isAbsolute(localPath!)).toBe(true);
  });

  it.each(['', '../escape', 'trips/../../escape', 'trips/..', '/etc/passwd', 'trips\\x', 'a//b', './a', 'a/', 'a/./b', 'a\0b'])(
    'refuses the key %j in every operation',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow('Invalid storage key');
      await expect(storage.stat(key)).rejects.toThrow('Invalid storage key');
      expect(() => storage.read(key)).toThrow('Invalid storage key');
      await expect(storage.delete(key)).rejects.toThrow('Invalid storage key');
      expect(() => storage.localPath?.(key)).toThrow('Invalid storage key');
    },
  );

  it('accepts dots inside a name', async () => {
    await storage.put('trips/t/audio..v2.opus', Buffer.from('x'));
    expect(await storage.stat('trips/t/audio..v2.opus')).toEqual({ size: 1 });
  });
});
