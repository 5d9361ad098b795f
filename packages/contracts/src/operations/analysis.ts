import { defineOperations } from './define.ts';

export const analysisOperations = defineOperations({});
