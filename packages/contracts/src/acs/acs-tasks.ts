/**
 * Every ACS task Skylog knows, looked up by code. Codes carry their document's prefix (PA for the private pilot
 * ACS, IR for the instrument rating ACS), so one table holds both; a course item's task code must be one of these.
 */
import { acsDocumentTasks, type AcsDocument, type AcsTask } from './acs-document.ts';
import { instrumentAirplaneAcs } from './instrument-airplane-acs.ts';
import { privateAirplaneAcs } from './private-airplane-acs.ts';

export const acsDocuments: readonly AcsDocument[] = [privateAirplaneAcs, instrumentAirplaneAcs];

const tasksByCode = new Map<string, AcsTask>(acsDocuments.flatMap(acsDocumentTasks).map((task) => [task.code, task] as const));

export const acsTaskCodes: readonly string[] = [...tasksByCode.keys()];

export function acsTaskByCode(code: string): AcsTask | undefined {
  return tasksByCode.get(code);
}
