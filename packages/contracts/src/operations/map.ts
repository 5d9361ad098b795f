import { defineOperations } from './define.ts';

export const mapOperations = defineOperations({});
