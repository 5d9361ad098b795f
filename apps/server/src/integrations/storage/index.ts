import type { AppConfig } from '../../config/env.ts';
import type { FileStorage } from './file-storage.ts';
import { createLocalStorage } from './local-storage.ts';

export type { ByteRange, FileStorage } from './file-storage.ts';

/** The bucket when STORAGE=s3, else the local folder. The AWS SDK (0.2 s and 25 MB to load) is loaded only for a bucket. */
export async function createFileStorage(config: Pick<AppConfig, 's3' | 'storageDir'>): Promise<FileStorage> {
  if (!config.s3) return createLocalStorage(config.storageDir);
  const { createS3Storage } = await import('./s3-storage.ts');
  return createS3Storage(config.s3);
}
