// The analysis measured against the hand-labelled corpus in bench/corpus: Node only, for it reads the corpus's
// files from the repository (`npm run bench -- accuracy` and the regression floors).
export * from './track-accuracy.ts';
export * from './readback-accuracy.ts';
export { matchToleranceS } from './match-events.ts';
export * from './acs-accuracy.ts';
