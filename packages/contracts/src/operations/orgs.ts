import { defineOperations } from './define.ts';

export const orgsOperations = defineOperations({});
