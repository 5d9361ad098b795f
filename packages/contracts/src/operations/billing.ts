import { defineOperations } from './define.ts';

export const billingOperations = defineOperations({});
