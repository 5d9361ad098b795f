export * from './auth.ts';
export * from './app.ts';
export * from './account-changes.ts';
export * from './speakers.ts';
export * from './logbook.ts';
export * from './courses.ts';
