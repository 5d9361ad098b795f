import { readFileSync } from 'node:fs';
import path from 'node:path';
import { acsTolerances, type AcsEvidence } from '@skylog/contracts';
import { z } from 'zod';
import { detectCorpusAcsEvidence } from './corpus-adapters.ts';
import { readCorpusTrack, readFlightLabels, trackCorpusDir, type EventCounts, type FieldsAround } from './track-accuracy.ts';

/**
 * The ACS manoeuvres the analysis finds in real flights, against an instructor's reading of them
 * (bench/corpus/tracks/acs-labels.json; ACS-LABELLING.md says how): which flights hold steep turns, slow flight,
 * go-arounds and emergency descents, and when.
 */

export const acsManoeuvres = ['steep_turns', 'slow_flight', 'go_arounds', 'emergency_descents'] as const;
export type AcsManoeuvre = (typeof acsManoeuvres)[number];

/** The ACS task each labelled manoeuvre is evidence of. */
export const manoeuvreTasks: Record<AcsManoeuvre, string> = {
  steep_turns: acsTolerances.steepTurn.task,
  slow_flight: acsTolerances.slowFlight.task,
  go_arounds: acsTolerances.goAround.task,
  emergency_descents: acsTolerances.emergencyDescent.task,
};

const utcTime = z.iso.datetime({ offset: true }).transform((value) => Date.parse(value));
const spanSchema = z.object({ start: utcTime, end: utcTime });
const acsLabelSchema = z.object({
  file: z.string().min(1),
  steep_turns: z.array(spanSchema.extend({ direction: z.enum(['left', 'right']) })),
  slow_flight: z.array(spanSchema),
  go_arounds: z.array(spanSchema),
  emergency_descents: z.array(spanSchema),
  notes: z.string(),
});
const acsLabelsSchema = z.object({ version: z.literal(1), scope: z.string(), flights: z.array(acsLabelSchema).min(1) });
export type AcsFlightLabel = z.infer<typeof acsLabelSchema>;

export type AcsFlightScore = {
  file: string;
  /** Why the file could not be read; its labelled manoeuvres then count as missed. */
  error: string | null;
  counts: Record<AcsManoeuvre, EventCounts>;
  /** What the analysis proposed for the labelled manoeuvres' tasks, found or invented. */
  detected: AcsEvidence[];
};
export type AcsAccuracy = { flights: AcsFlightScore[]; totals: Record<AcsManoeuvre, EventCounts> };

export function readAcsLabels(dir = trackCorpusDir): AcsFlightLabel[] {
  const file = path.join(dir, 'acs-labels.json');
  const parsed = acsLabelsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data.flights;
}

const overlapMs = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));

/** Labelled spans against detected ones: a detection finds the labelled span it overlaps most, each at most once. */
export function matchSpans(
  truth: readonly { start: number; end: number }[],
  detected: readonly { start: number; end: number }[],
): EventCounts {
  const unused = new Set(detected.map((_, index) => index));
  let found = 0;
  for (const span of truth) {
    let best = -1;
    for (const index of unused) if (overlapMs(span, detected[index]!) > (best < 0 ? 0 : overlapMs(span, detected[best]!))) best = index;
    if (best < 0) continue;
    unused.delete(best);
    found += 1;
  }
  return { truth: truth.length, detected: detected.length, found, missed: truth.length - found, invented: unused.size };
}

const emptyCounts = (): EventCounts => ({ truth: 0, detected: 0, found: 0, missed: 0, invented: 0 });

export function scoreAcsFlight(label: AcsFlightLabel, evidence: readonly AcsEvidence[]): AcsFlightScore {
  const spansOf = (manoeuvre: AcsManoeuvre) =>
    evidence.filter((item) => item.task_code === manoeuvreTasks[manoeuvre]).map((item) => ({ start: item.start_ms, end: item.end_ms }));
  const counts = Object.fromEntries(
    acsManoeuvres.map((manoeuvre) => [manoeuvre, matchSpans(label[manoeuvre], spansOf(manoeuvre))]),
  ) as Record<AcsManoeuvre, EventCounts>;
  const tasks = new Set(Object.values(manoeuvreTasks));
  return { file: label.file, error: null, counts, detected: evidence.filter((item) => tasks.has(item.task_code)) };
}

/** Reads, analyses and scores every flight of acs-labels.json, with the category labels.json gives it. */
export function scoreAcsCorpus(fieldsAround: FieldsAround, dir = trackCorpusDir): AcsAccuracy {
  const categories = new Map(readFlightLabels(dir).map((label) => [label.file, label.category]));
  const flights = readAcsLabels(dir).map((label): AcsFlightScore => {
    const category = categories.get(label.file);
    if (category === undefined) throw new Error(`acs-labels.json names ${label.file}, which labels.json does not.`);
    try {
      const { points } = readCorpusTrack(label.file, dir);
      return scoreAcsFlight(label, detectCorpusAcsEvidence(points, category, fieldsAround(points, category)));
    } catch (error) {
      const counts = Object.fromEntries(
        acsManoeuvres.map((manoeuvre) => [
          manoeuvre,
          { ...emptyCounts(), truth: label[manoeuvre].length, missed: label[manoeuvre].length },
        ]),
      ) as Record<AcsManoeuvre, EventCounts>;
      return { file: label.file, error: error instanceof Error ? error.message : String(error), counts, detected: [] };
    }
  });
  const totals = Object.fromEntries(acsManoeuvres.map((manoeuvre) => [manoeuvre, emptyCounts()])) as Record<AcsManoeuvre, EventCounts>;
  for (const flight of flights) {
    for (const manoeuvre of acsManoeuvres) {
      for (const key of Object.keys(totals[manoeuvre]) as (keyof EventCounts)[]) totals[manoeuvre][key] += flight.counts[manoeuvre][key];
    }
  }
  return { flights, totals };
}
