import { defineOperations } from './define.ts';

export const transcriptionOperations = defineOperations({});
