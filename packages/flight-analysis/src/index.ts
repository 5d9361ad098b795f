export * from './analyse-flight.ts';
export * from './phases.ts';
export * from './draft-notes.ts';
export * from './acs-evidence/index.ts';
