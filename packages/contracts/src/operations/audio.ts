import { defineOperations } from './define.ts';

export const audioOperations = defineOperations({});
