import { defineOperations } from './define.ts';

export const tripsOperations = defineOperations({});
