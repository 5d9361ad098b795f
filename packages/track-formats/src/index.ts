export * from './parse-track-file.ts';
export * from './track-file-error.ts';
export * from './validate-track.ts';
export * from './simplify.ts';
export * from './geo.ts';
export * from './export-track.ts';
