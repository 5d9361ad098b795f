import { defineOperations } from './define.ts';

export const debriefOperations = defineOperations({});
