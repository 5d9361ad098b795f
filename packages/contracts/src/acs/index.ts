export * from './acs-document.ts';
export * from './private-airplane-acs.ts';
export * from './instrument-airplane-acs.ts';
export * from './acs-tasks.ts';
export * from './acs-tolerances.ts';
export * from './grading-scales.ts';
export * from './course-templates.ts';
