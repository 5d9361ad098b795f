import { defineOperations } from './define.ts';

export const trainingOperations = defineOperations({});
