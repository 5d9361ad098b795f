import { defineOperations } from './define.ts';

export const auditOperations = defineOperations({});
