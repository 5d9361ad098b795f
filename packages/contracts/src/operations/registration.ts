import { defineOperations } from './define.ts';

export const registrationOperations = defineOperations({});
