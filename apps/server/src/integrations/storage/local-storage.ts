import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertByteRange, keySegments, type FileStorage, type StoredFile } from './file-storage.ts';

export function createLocalStorage(rootDir: string): FileStorage {
  const root = path.resolve(rootDir);
  const resolveKey = (key: string) => path.join(root, ...keySegments(key));

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

    read(key, range) {
      const filePath = resolveKey(key);
      if (!range) return createReadStream(filePath);
      assertByteRange(range);
      return createReadStream(filePath, { start: range.start, end: range.end });
    },

    async delete(key) {
      const filePath = resolveKey(key);
      try {
        await unlink(filePath);
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
      // A folder per upload or recording would otherwise stay behind empty; one that still holds a file stays.
      await rmdir(path.dirname(filePath)).catch(() => undefined);
    },

    async list(prefix) {
      const folder = prefix.endsWith('/') ? prefix.slice(0, -1) : path.posix.dirname(prefix);
      const base = folder === '.' || folder === '' ? root : resolveKey(folder);
      let names: string[];
      try {
        names = (await readdir(base, { recursive: true })) as string[];
      } catch (error) {
        if (isNotFound(error)) return [];
        throw error;
      }
      const found: StoredFile[] = [];
      for (const name of names) {
        const key = path.relative(root, path.join(base, name)).split(path.sep).join('/');
        if (!key.startsWith(prefix)) continue;
        const stats = await stat(path.join(base, name)).catch(() => null);
        if (stats?.isFile()) found.push({ key, size: stats.size, modifiedAt: stats.mtime });
      }
      return found;
    },

    localPath: resolveKey,
  };
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}
