import { defineOperations } from './define.ts';

export const markersOperations = defineOperations({});
