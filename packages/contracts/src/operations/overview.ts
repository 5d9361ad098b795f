import { defineOperations } from './define.ts';

export const overviewOperations = defineOperations({});
