import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import type { FileStorage } from '../../src/integrations/storage/file-storage.ts';

/**
 * What the audio code relies on from any storage, run against each one (local folder, S3 bucket):
 * `storage()` answers an empty storage for each test.
 */
export function describeFileStorage(name: string, storage: () => FileStorage) {
  describe(`${name}: the file storage contract`, () => {
    it('stores a buffer under a nested key and reads it back', async () => {
      const key = 'trips/0b7c2f1e-1111-4c8e-9d7a-3f1e2d4c5b6a/audio.opus';
      expect(await storage().put(key, Buffer.from('hello audio'))).toEqual({ size: 11 });
      expect(await storage().stat(key)).toEqual({ size: 11 });
      expect(await text(storage().read(key))).toBe('hello audio');
    });

    it('stores a stream, counting its bytes, and replaces an existing file', async () => {
      await storage().put('a/b.bin', Buffer.from('old'));
      const { size } = await storage().put('a/b.bin', Readable.from([Buffer.from('new '), Buffer.from('content')]));
      expect(size).toBe(11);
      expect(await text(storage().read('a/b.bin'))).toBe('new content');
    });

    it('keeps the previous file when the source stream fails', async () => {
      await storage().put('a/b.bin', Buffer.from('intact'));
      const failing = Readable.from(
        (async function* () {
          yield Buffer.from('partial');
          throw new Error('client went away');
        })(),
      );
      await expect(storage().put('a/b.bin', failing)).rejects.toThrow('client went away');
      expect(await text(storage().read('a/b.bin'))).toBe('intact');
    });

    it('reads inclusive byte ranges and refuses backwards ones', async () => {
      await storage().put('r.txt', Buffer.from('0123456789'));
      expect(await text(storage().read('r.txt', { start: 0, end: 0 }))).toBe('0');
      expect(await text(storage().read('r.txt', { start: 2, end: 5 }))).toBe('2345');
      expect(await text(storage().read('r.txt', { start: 7, end: 9 }))).toBe('789');
      expect(() => storage().read('r.txt', { start: 5, end: 2 })).toThrow(RangeError);
      expect(() => storage().read('r.txt', { start: -1, end: 2 })).toThrow(RangeError);
    });

    it('answers null for a missing key and a read of it fails with ENOENT', async () => {
      expect(await storage().stat('missing/file')).toBeNull();
      await expect(text(storage().read('missing/file'))).rejects.toMatchObject({ code: 'ENOENT' });
    });

    it('answers null for a folder, which is not a file', async () => {
      await storage().put('folder/file', Buffer.from('x'));
      expect(await storage().stat('folder')).toBeNull();
    });

    it('deletes a file, and deleting it again is not an error', async () => {
      await storage().put('d/x.bin', Buffer.from('x'));
      await storage().delete('d/x.bin');
      expect(await storage().stat('d/x.bin')).toBeNull();
      await expect(storage().delete('d/x.bin')).resolves.toBeUndefined();
    });

    it('lists the files under a folder, at any depth, with their sizes and times, and nothing beside it', async () => {
      const before = Date.now() - 60_000;
      await storage().put('incoming/u1/0000-a', Buffer.from('12345'));
      await storage().put('incoming/u2/0000-b', Buffer.from('1'));
      await storage().put('incomingness/x', Buffer.from('1'));
      await storage().put('trips/t/audio.opus', Buffer.from('1'));
      const listed = await storage().list('incoming/');
      expect(listed.map(({ key, size }) => ({ key, size })).sort((a, b) => a.key.localeCompare(b.key))).toEqual([
        { key: 'incoming/u1/0000-a', size: 5 },
        { key: 'incoming/u2/0000-b', size: 1 },
      ]);
      for (const file of listed) expect(file.modifiedAt.getTime()).toBeGreaterThan(before);
      expect((await storage().list('incoming/u1/')).map((file) => file.key)).toEqual(['incoming/u1/0000-a']);
      expect(await storage().list('nothing-here/')).toEqual([]);
    });

    it.each(['', '../escape', 'trips/../../escape', 'trips/..', '/etc/passwd', 'trips\\x', 'a//b', './a', 'a/', 'a/./b', 'a\0b'])(
      'refuses the key %j in every operation',
      async (key) => {
        await expect(storage().put(key, Buffer.from('x'))).rejects.toThrow('Invalid storage key');
        await expect(storage().stat(key)).rejects.toThrow('Invalid storage key');
        expect(() => storage().read(key)).toThrow('Invalid storage key');
        await expect(storage().delete(key)).rejects.toThrow('Invalid storage key');
      },
    );

    it('accepts dots inside a name', async () => {
      await storage().put('trips/t/audio..v2.opus', Buffer.from('x'));
      expect(await storage().stat('trips/t/audio..v2.opus')).toEqual({ size: 1 });
    });
  });
}
