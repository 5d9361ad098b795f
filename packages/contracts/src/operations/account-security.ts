import { defineOperations } from './define.ts';

export const accountSecurityOperations = defineOperations({});
