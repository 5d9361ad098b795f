import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { aircraftCategorySchema, type AircraftCategory, type TrackPoint } from '@skylog/contracts';
import { z } from 'zod';
import { detectCorpusEvents, parseCorpusTrack, type DetectedEvents, type DetectedLanding } from './corpus-adapters.ts';
import { matchEvents, matchToleranceS, type TimedEvent } from './match-events.ts';
import type { KnownField } from '../phases.ts';

/**
 * Take-off, landing and go-around detection measured against real flights labelled by hand
 * (bench/corpus/tracks: README.md says where each file comes from, LABELLING.md how its truth was read).
 */

export const trackCorpusDir = fileURLToPath(new URL('../../../../bench/corpus/tracks/', import.meta.url));

const utcTime = z.iso.datetime({ offset: true }).transform((value) => Date.parse(value));
const labelSchema = z.object({
  file: z.string().min(1),
  category: aircraftCategorySchema,
  aircraft: z.string(),
  /** The format's name, then any detail in brackets: "garmin-g1000-csv (Perspective+)". */
  format: z.string().min(1),
  takeoffs: z.array(z.object({ time: utcTime })),
  landings: z.array(z.object({ time: utcTime, kind: z.enum(['full_stop', 'touch_and_go']) })),
  go_arounds: z.array(z.object({ time: utcTime })),
});
const labelsSchema = z.object({ version: z.literal(1), flights: z.array(labelSchema).min(1) });

export type FlightLabel = z.infer<typeof labelSchema>;
export type TrackEventType = 'takeoff' | 'landing' | 'go_around';
export const trackEventTypes: readonly TrackEventType[] = ['takeoff', 'landing', 'go_around'];
export type EventCounts = { truth: number; detected: number; found: number; missed: number; invented: number };
/** Touch-and-go vs full stop: landings found with the right kind, of those found. */
export type KindCounts = { right: number; matched: number };
export type WrongCase = { file: string; event: TrackEventType | 'file'; time: number | null; expected: string; found: string };

export type FlightScore = {
  file: string;
  /** The format's name from the labels ("garmin-g1000-csv"). */
  format: string;
  /** The format Skylog's parser read the file as ("csv", "kml", "igc"); null when it could not. */
  readAs: string | null;
  category: string;
  /** Why the file could not be read; its true events then all count as missed. */
  error: string | null;
  counts: Record<TrackEventType, EventCounts>;
  kinds: KindCounts;
  wrong: WrongCase[];
};

export type TrackAccuracy = { flights: FlightScore[]; totals: Record<TrackEventType, EventCounts>; kinds: KindCounts; parseErrors: number };

export const eventNames: Record<TrackEventType, string> = { takeoff: 'take-off', landing: 'landing', go_around: 'go-around' };
const kindNames: Record<DetectedLanding['kind'], string> = { full_stop: 'full stop', touch_and_go: 'touch-and-go' };

/** "14:27:55Z": the corpus labels are UTC to the second. */
export const formatUtc = (time: number): string => `${new Date(time).toISOString().slice(11, 19)}Z`;
const formatOffset = (from: number, to: number): string => {
  const seconds = Math.round((to - from) / 1000);
  return `${seconds < 0 ? '−' : '+'}${Math.abs(seconds)} s`;
};

export const formatName = (label: FlightLabel): string => label.format.split(/\s/, 1)[0]!;

export function readFlightLabels(dir = trackCorpusDir): FlightLabel[] {
  const file = path.join(dir, 'labels.json');
  const parsed = labelsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data.flights;
}

const emptyCounts = (): EventCounts => ({ truth: 0, detected: 0, found: 0, missed: 0, invented: 0 });

/** A flight compared with its labels: events within ±10 s are found, one detection per true event. */
export function scoreFlight(label: FlightLabel, readAs: string, detected: DetectedEvents): FlightScore {
  const wrong: WrongCase[] = [];
  const score = <Truth extends TimedEvent, Detected extends TimedEvent>(
    event: TrackEventType,
    truth: Truth[],
    found: Detected[],
    describe: (item: Truth | Detected) => string,
  ) => {
    const match = matchEvents(truth, found);
    for (const missed of match.missed) {
      const nearest = [...found].sort((a, b) => Math.abs(a.time - missed.time) - Math.abs(b.time - missed.time))[0];
      wrong.push({
        file: label.file,
        event,
        time: missed.time,
        expected: `${describe(missed)} at ${formatUtc(missed.time)}`,
        found:
          nearest === undefined
            ? `no ${eventNames[event]} detected`
            : `none within ±${matchToleranceS} s (nearest ${formatUtc(nearest.time)}, ${formatOffset(missed.time, nearest.time)})`,
      });
    }
    for (const invented of match.invented) {
      wrong.push({
        file: label.file,
        event,
        time: invented.time,
        expected: 'nothing',
        found: `${describe(invented)} at ${formatUtc(invented.time)}`,
      });
    }
    const counts = {
      truth: truth.length,
      detected: found.length,
      found: match.found.length,
      missed: match.missed.length,
      invented: match.invented.length,
    };
    return { counts, pairs: match.found };
  };
  const plain = (event: TrackEventType) => () => eventNames[event];
  const takeoffs = score('takeoff', label.takeoffs, detected.takeoffs, plain('takeoff'));
  const goArounds = score('go_around', label.go_arounds, detected.goArounds, plain('go_around'));
  const landings = score('landing', label.landings, detected.landings, (landing) => `landing (${kindNames[landing.kind]})`);
  let right = 0;
  for (const { truth, detected: landing } of landings.pairs) {
    if (truth.kind === landing.kind) right += 1;
    else {
      wrong.push({
        file: label.file,
        event: 'landing',
        time: truth.time,
        expected: `${kindNames[truth.kind]} at ${formatUtc(truth.time)}`,
        found: `${kindNames[landing.kind]} (${formatOffset(truth.time, landing.time)})`,
      });
    }
  }
  wrong.sort((a, b) => (a.time ?? 0) - (b.time ?? 0));
  return {
    file: label.file,
    format: formatName(label),
    readAs,
    category: label.category,
    error: null,
    counts: { takeoff: takeoffs.counts, landing: landings.counts, go_around: goArounds.counts },
    kinds: { right, matched: landings.pairs.length },
    wrong,
  };
}

/** A file that cannot be read found nothing: every true event in it is missed, so the totals show the loss. */
const unreadFlight = (label: FlightLabel, error: string): FlightScore => {
  const missedAll = (count: number): EventCounts => ({ ...emptyCounts(), truth: count, missed: count });
  return {
    file: label.file,
    format: formatName(label),
    readAs: null,
    category: label.category,
    error,
    counts: {
      takeoff: missedAll(label.takeoffs.length),
      landing: missedAll(label.landings.length),
      go_around: missedAll(label.go_arounds.length),
    },
    kinds: { right: 0, matched: 0 },
    wrong: [{ file: label.file, event: 'file', time: null, expected: 'the file read', found: error }],
  };
};

/**
 * The airports around a track for its category, as the analysis job gives them (the caller reads its airport
 * database; none where Node has no node:sqlite).
 */
export type FieldsAround = (points: TrackPoint[], category: AircraftCategory) => KnownField[];

/** Reads and parses one corpus file (gzip-compressed, as committed); throws when the parser cannot read it. */
export const readCorpusTrack = (file: string, dir = trackCorpusDir): ReturnType<typeof parseCorpusTrack> =>
  parseCorpusTrack(path.basename(file, '.gz'), gunzipSync(readFileSync(path.join(dir, file))));

/** Reads, parses and scores one labelled flight. */
export function scoreCorpusFile(label: FlightLabel, fieldsAround: FieldsAround, dir = trackCorpusDir): FlightScore {
  let read: ReturnType<typeof parseCorpusTrack>;
  try {
    read = readCorpusTrack(label.file, dir);
  } catch (error) {
    return unreadFlight(label, error instanceof Error ? error.message : String(error));
  }
  return scoreFlight(label, read.format, detectCorpusEvents(read.points, label.category, fieldsAround(read.points, label.category)));
}

export function totalScores(flights: FlightScore[]): TrackAccuracy {
  const totals = { takeoff: emptyCounts(), landing: emptyCounts(), go_around: emptyCounts() };
  const kinds = { right: 0, matched: 0 };
  for (const flight of flights) {
    for (const event of trackEventTypes) {
      for (const key of Object.keys(totals[event]) as (keyof EventCounts)[]) totals[event][key] += flight.counts[event][key];
    }
    kinds.right += flight.kinds.right;
    kinds.matched += flight.kinds.matched;
  }
  return { flights, totals, kinds, parseErrors: flights.filter((flight) => flight.error !== null).length };
}

export const scoreTrackCorpus = (fieldsAround: FieldsAround, dir = trackCorpusDir): TrackAccuracy =>
  totalScores(readFlightLabels(dir).map((label) => scoreCorpusFile(label, fieldsAround, dir)));

/** Share of detections that were true events; null when nothing was detected. */
export const precisionOf = (counts: EventCounts): number | null =>
  counts.found + counts.invented === 0 ? null : counts.found / (counts.found + counts.invented);
/** Share of true events found; null when there were none. */
export const recallOf = (counts: EventCounts): number | null => (counts.truth === 0 ? null : counts.found / counts.truth);
