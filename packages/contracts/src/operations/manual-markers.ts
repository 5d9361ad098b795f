import { defineOperations } from './define.ts';

export const manualMarkersOperations = defineOperations({});
