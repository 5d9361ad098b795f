import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const compressible = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `file.br` and `file.gz` beside every text file of the build, at the strongest settings: they are
 * made once here, so the server (@fastify/static `preCompressed`) sends them without compressing per request.
 * Small files too: a file without a compressed copy is compressed by the server on every request (a file
 * is a stream, whose size the compression threshold never sees).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'skylog-precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).map((name) => path.join(outDir, name));
      await Promise.all(
        files
          .filter((file) => compressible.has(path.extname(file)))
          .map(async (file) => {
            const content = await readFile(file);
            const [br, gz] = await Promise.all([
              brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
              gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
          }),
      );
    },
  };
}
