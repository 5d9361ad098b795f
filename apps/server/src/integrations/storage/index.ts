import type { AppConfig } from '../../config/env.ts';
import type { FileStorage } from './file-storage.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';

export type { ByteRange, FileStorage } from './file-storage.ts';

/** The bucket when STORAGE=s3, else the local folder. */
export function createFileStorage(config: Pick<AppConfig, 's3' | 'storageDir'>): FileStorage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.storageDir);
}
