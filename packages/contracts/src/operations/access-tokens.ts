import { defineOperations } from './define.ts';

export const accessTokensOperations = defineOperations({});
