export * from './night.ts';
export * from './cross-country.ts';
export * from './flight-times.ts';
export * from './calendar.ts';
export * from './logbook-entry.ts';
export * from './currency.ts';
export type { Requirement } from './progress.ts';
export * from './private-pilot-progress.ts';
export * from './signature.ts';
