import { defineOperations } from './define.ts';

export const healthOperations = defineOperations({});
