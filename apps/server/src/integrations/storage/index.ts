export type { ByteRange, FileStorage } from './file-storage.ts';
export { parseRangeHeader } from './http-range.ts';
export { createLocalStorage } from './local-storage.ts';
