/**
 * The shape of an Airman Certification Standards document as Skylog keeps it: areas of operation with their Roman
 * numerals, and tasks with the codes the FAA gives them (PA.IV.N, IR.VI.B). Only areas and tasks are kept; the
 * knowledge, risk-management and skill elements stay in the FAA's document.
 */

/** The airplane classes the ACS marks a task with: single- or multiengine, land or sea. */
export const airplaneClasses = ['ASEL', 'AMEL', 'ASES', 'AMES'] as const;
export type AirplaneClass = (typeof airplaneClasses)[number];

/**
 * Where the examiner evaluates a task: 'flight' for what the applicant does at or in the airplane, 'ground' for what
 * is examined in the oral. The ACS does not label tasks this way; Skylog reads it from the task's content.
 */
export type AcsTaskKind = 'flight' | 'ground';

export type AcsTask = {
  code: string;
  title: string;
  kind: AcsTaskKind;
  /** The classes the task is tested in; the ACS marks class-specific tasks, e.g. "(ASES, AMES)". */
  classes: readonly AirplaneClass[];
};

export type AcsArea = { numeral: string; title: string; tasks: readonly AcsTask[] };

export type AcsDocument = {
  /** The FAA's designation, e.g. FAA-S-ACS-6C. */
  id: string;
  title: string;
  /** The designation with the month on the document's cover. */
  revision: string;
  /** The day the FAA's incorporation by reference made it the standard for practical tests (89 FR 22482). */
  effective: string;
  areas: readonly AcsArea[];
};

/** A task as written in an area's table: its title, where it is evaluated, and the classes when not all four. */
export type AcsTaskRow = readonly [title: string, kind: AcsTaskKind, classes?: readonly AirplaneClass[]];

const taskLetters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * Builds an area from its task rows. The ACS letters an area's tasks A, B, C… in order, so the code of each task
 * comes from its place in the list and cannot drift from it.
 */
export function acsArea(prefix: string, numeral: string, title: string, rows: readonly AcsTaskRow[]): AcsArea {
  return {
    numeral,
    title,
    tasks: rows.map(([taskTitle, kind, classes = airplaneClasses], index) => ({
      code: `${prefix}.${numeral}.${taskLetters[index]}`,
      title: taskTitle,
      kind,
      classes,
    })),
  };
}

/** Every task of a document, area by area in the document's order. */
export function acsDocumentTasks(document: AcsDocument): readonly AcsTask[] {
  return document.areas.flatMap((area) => area.tasks);
}
