import { defineOperations } from './define.ts';

export const usersOperations = defineOperations({});
