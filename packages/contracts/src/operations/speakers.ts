import { defineOperations } from './define.ts';

export const speakersOperations = defineOperations({});
