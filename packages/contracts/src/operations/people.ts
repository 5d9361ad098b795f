import { defineOperations } from './define.ts';

export const peopleOperations = defineOperations({});
