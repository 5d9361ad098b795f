import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ByteRange, FileStorage } from './file-storage.ts';

export function createLocalStorage(rootDir: string): FileStorage {
  const root = path.resolve(rootDir);

  function resolveKey(key: string): string {
    const segments = key.split('/');
    const isValid =
      key.length > 0 &&
      !key.includes('\\') &&
      !key.includes('\0') &&
      !path.isAbsolute(key) &&
      segments.every((segment) => segment !== '' && segment !== '.' && segment !== '..');
    if (!isValid) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    return path.join(root, ...segments);
  }

  return {
    async put(key, source) {
      const filePath = resolveKey(key);
      await mkdir(path.dirname(filePath), { recursive: true });
      // Same folder as the target so the rename stays on one file system and is atomic.
      const tempPath = path.join(path.dirname(filePath), `.${path.basename(filePath)}.${randomUUID()}.tmp`);
      try {
        if (Buffer.isBuffer(source)) await writeFile(tempPath, source, { flush: true });
        else await pipeline(source, createWriteStream(tempPath, { flush: true }));
        const { size } = await stat(tempPath);
        await rename(tempPath, filePath);
        return { size };
      } catch (error) {
        await unlink(tempPath).catch(() => undefined);
        throw error;
      }
    },

    async stat(key) {
      const filePath = resolveKey(key);
      try {
        const stats = await stat(filePath);
        return stats.isFile() ? { size: stats.size } : null;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    read(key, range?: ByteRange) {
      const filePath = resolveKey(key);
      if (!range) return createReadStream(filePath);
      const { start, end } = range;
      if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
        throw new RangeError(`Invalid byte range ${start}-${end}`);
      }
      return createReadStream(filePath, { start, end });
    },

    async delete(key) {
      try {
        await unlink(resolveKey(key));
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },

    localPath: resolveKey,
  };
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}
