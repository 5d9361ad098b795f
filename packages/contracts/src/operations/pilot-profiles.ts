import { defineOperations } from './define.ts';

export const pilotProfilesOperations = defineOperations({});
