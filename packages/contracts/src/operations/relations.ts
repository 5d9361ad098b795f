import { defineOperations } from './define.ts';

export const relationsOperations = defineOperations({});
