import { defineOperations } from './define.ts';

export const clientConfigOperations = defineOperations({});
