import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AircraftCategory, LogbookRoutePoint, TrackPoint } from '@skylog/contracts';
import { analyseFlight } from '@skylog/flight-analysis';
import {
  eventNames,
  readCorpusTrack,
  readFlightLabels,
  scoreFlight,
  trackCorpusDir,
  type FieldsAround,
  type FlightLabel,
  type WrongCase,
} from '@skylog/flight-analysis/corpus-accuracy';
import { z } from 'zod';
import { distanceNm, type Place } from './cross-country.ts';
import { categoryClassOf, entryFromFlight, eventsOfAnalysis, type TrackValues } from './entry-from-flight.ts';

/**
 * The whole logbook pipeline measured on the real flights of bench/corpus/tracks: each track is analysed as the
 * analysis job does (`analyseFlight`, with the flight's category from labels.json), its entry made from the
 * analysis as the server does (`entryFromFlight`), and the entry compared with what an instructor logged for the
 * flight by hand (logbook-labels.json; LOGBOOK-LABELLING.md says how). Node only: it reads the corpus's files.
 */

const placeSchema = z.object({ airport: z.string().min(1), latitude: z.number(), longitude: z.number() });
const logbookLabelSchema = z.object({
  file: z.string().min(1),
  nightMinutes: z.number().min(0),
  nightTakeoffs: z.number().int().min(0),
  /** Night landings for 14 CFR 61.57(b), which counts full stops only. */
  nightLandings: z.number().int().min(0),
  crossCountry: z.boolean(),
  /** The airports, where the instructor could name them (a glider's field may have none). */
  departure: placeSchema.optional(),
  farthestLanding: placeSchema.optional(),
  notes: z.string().min(1),
});
const logbookLabelsSchema = z.object({ version: z.literal(1), flights: z.array(logbookLabelSchema).min(1) });

export type LogbookLabel = z.infer<typeof logbookLabelSchema>;
type LogbookLabelPlace = z.infer<typeof placeSchema>;

export function readLogbookLabels(dir = trackCorpusDir): LogbookLabel[] {
  const file = path.join(dir, 'logbook-labels.json');
  const parsed = logbookLabelsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data.flights;
}

/**
 * The airport database as the server reads it, which the caller opens (a package reads no database): the fields
 * around a track for the analysis, and the field at a lift-off or touchdown for the entry's route.
 */
export type AirportLookups = {
  fieldsAround: FieldsAround;
  airportAt: (place: Place, category: AircraftCategory) => string | null;
};

/** A logbook's tenth of an hour: night time and total time within it of the label are right. */
export const minutesTolerance = 6;

export type Compared<Value> = { label: Value; found: Value };

export type LogbookCheck =
  | 'file'
  | 'cross-country'
  | 'night time'
  | 'night take-offs'
  | 'night full-stop landings'
  | 'departure airport'
  | 'farthest landing'
  | 'total time';

/**
 * Why an entry's value is wrong: the file could not be read; the analysis missed, invented or misjudged a take-off
 * or landing; the airport lookup named another field (or none) for a place; or the logbook's rule itself, on events
 * the analysis found right.
 */
export type WrongCause = 'file' | 'detection' | 'airport lookup' | 'rule';

export type LogbookWrongCase = { file: string; check: LogbookCheck; expected: string; found: string; cause: WrongCause; detail: string };

export type LogbookFlightScore = {
  file: string;
  category: AircraftCategory;
  /** Why the file could not be read; nothing else is compared then. */
  error: string | null;
  crossCountry: Compared<boolean>;
  nightMinutes: Compared<number>;
  nightTakeoffs: Compared<number>;
  nightFullStopLandings: Compared<number>;
  /** The entry's first route point; null when the label names no airport or the airports are not looked up. */
  departure: { label: string; found: string | null } | null;
  /** The labelled farthest airport landed at and the airports of the entry's landings; null as for `departure`. */
  farthestLanding: { label: string; landedAt: (string | null)[] } | null;
  /** Flight time in minutes: the labelled first take-off to last landing, and the entry's total time. */
  totalMinutes: Compared<number>;
  /** What the analysis got wrong about this flight's take-offs and landings; empty when it found them all, right. */
  detection: string[];
  wrong: LogbookWrongCase[];
};

export type ConfusionCounts = { truePositives: number; falsePositives: number; falseNegatives: number; trueNegatives: number };

export type LogbookAccuracy = {
  flights: LogbookFlightScore[];
  /** Whether the airports were looked up (the caller passed the airport database). */
  airportsChecked: boolean;
  crossCountry: ConfusionCounts & { precision: number | null; recall: number | null };
  /** Flights whose night time (within a tenth), night take-offs and night full-stop landings are all right. */
  night: { right: number; flights: number };
  departure: { right: number; labelled: number };
  farthestLanding: { found: number; labelled: number };
  /** Mean |entry's total time − labelled flight time| in minutes; null when no flight was read. */
  meanTotalTimeErrorMinutes: number | null;
  unread: number;
};

const minuteMs = 60_000;

/**
 * The flight time the labels give: first take-off to last landing, or to the recording's last fix when it ends
 * airborne (its last take-off after its last landing), as LOGBOOK-LABELLING.md measured night time.
 */
function labelledFlightMinutes(label: FlightLabel, points: TrackPoint[]): number {
  const firstTakeoff = label.takeoffs[0]?.time;
  if (firstTakeoff === undefined) return 0;
  const lastLanding = label.landings.at(-1)?.time;
  const lastTakeoff = label.takeoffs.at(-1)!.time;
  const end = lastLanding !== undefined && lastLanding > lastTakeoff ? lastLanding : (points.at(-1)?.timestamp ?? firstTakeoff);
  return (end - firstTakeoff) / minuteMs;
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');
const minutes = (value: number) => `${Math.round(value)} min`;
const airportName = (ident: string | null) => ident ?? 'no airport';
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The entry's values beside the label's, and what is wrong with them and why. */
function compareEntry(
  label: LogbookLabel,
  flight: FlightLabel,
  points: TrackPoint[],
  entry: TrackValues,
  detection: string[],
  airportsChecked: boolean,
): LogbookFlightScore {
  const [departurePoint, ...landingPoints] = entry.route;
  const score: LogbookFlightScore = {
    file: label.file,
    category: flight.category,
    error: null,
    crossCountry: { label: label.crossCountry, found: entry.cross_country_hours > 0 },
    nightMinutes: { label: label.nightMinutes, found: entry.night_hours * 60 },
    nightTakeoffs: { label: label.nightTakeoffs, found: entry.night_takeoffs },
    nightFullStopLandings: { label: label.nightLandings, found: entry.night_full_stop_landings },
    departure: airportsChecked && label.departure ? { label: label.departure.airport, found: departurePoint?.airport ?? null } : null,
    farthestLanding:
      airportsChecked && label.farthestLanding
        ? { label: label.farthestLanding.airport, landedAt: landingPoints.map((point) => point.airport) }
        : null,
    totalMinutes: { label: labelledFlightMinutes(flight, points), found: entry.total_hours * 60 },
    detection,
    wrong: [],
  };
  const eventsRight = detection.length === 0;
  const wrong = (check: LogbookCheck, expected: string, found: string, ifEventsRight: WrongCause, detail = '') =>
    score.wrong.push({
      file: label.file,
      check,
      expected,
      found,
      ...(eventsRight ? { cause: ifEventsRight, detail } : { cause: 'detection', detail: detection.join('; ') }),
    });
  // How far the entry's place lies from the labelled airport: near it, the place is right and only its name is not.
  const nearestTo = (airport: LogbookLabelPlace, points: LogbookRoutePoint[]) => {
    const placed = points.flatMap(({ latitude, longitude, airport: ident }) =>
      latitude === null || longitude === null ? [] : [{ ident, distance: distanceNm({ latitude, longitude }, airport) }],
    );
    const [nearest] = placed.sort((a, b) => a.distance - b.distance);
    return nearest
      ? `${nearest.distance.toFixed(1)} nm from ${airport.airport}'s coordinates, named ${airportName(nearest.ident)}`
      : 'without a place';
  };

  const { crossCountry, nightMinutes, nightTakeoffs, nightFullStopLandings, departure, farthestLanding, totalMinutes } = score;
  if (crossCountry.found !== crossCountry.label) wrong('cross-country', yesNo(crossCountry.label), yesNo(crossCountry.found), 'rule');
  if (Math.abs(nightMinutes.found - nightMinutes.label) > minutesTolerance)
    wrong('night time', minutes(nightMinutes.label), minutes(nightMinutes.found), 'rule');
  if (nightTakeoffs.found !== nightTakeoffs.label)
    wrong('night take-offs', String(nightTakeoffs.label), String(nightTakeoffs.found), 'rule');
  if (nightFullStopLandings.found !== nightFullStopLandings.label)
    wrong('night full-stop landings', String(nightFullStopLandings.label), String(nightFullStopLandings.found), 'rule');
  if (label.departure && departure && departure.found !== departure.label)
    wrong(
      'departure airport',
      departure.label,
      airportName(departure.found),
      'airport lookup',
      `the departure point is ${nearestTo(label.departure, entry.route.slice(0, 1))}`,
    );
  if (label.farthestLanding && farthestLanding && !farthestLanding.landedAt.includes(farthestLanding.label))
    wrong(
      'farthest landing',
      farthestLanding.label,
      farthestLanding.landedAt.map(airportName).join(', ') || 'no landing',
      'airport lookup',
      landingPoints.length === 0 ? 'no landing' : `the nearest landing is ${nearestTo(label.farthestLanding, landingPoints)}`,
    );
  if (Math.abs(totalMinutes.found - totalMinutes.label) > minutesTolerance)
    wrong('total time', minutes(totalMinutes.label), minutes(totalMinutes.found), 'rule');
  return score;
}

/** A file that cannot be read has no entry: every check of it is wrong, and it counts as no cross-country found. */
function unreadFlight(label: LogbookLabel, flight: FlightLabel, error: string): LogbookFlightScore {
  return {
    file: label.file,
    category: flight.category,
    error,
    crossCountry: { label: label.crossCountry, found: false },
    nightMinutes: { label: label.nightMinutes, found: 0 },
    nightTakeoffs: { label: label.nightTakeoffs, found: 0 },
    nightFullStopLandings: { label: label.nightLandings, found: 0 },
    departure: null,
    farthestLanding: null,
    totalMinutes: { label: 0, found: 0 },
    detection: [],
    wrong: [{ file: label.file, check: 'file', expected: 'the file read', found: error, cause: 'file', detail: '' }],
  };
}

/**
 * One labelled flight through the pipeline. The pilot's role and seat change only the PIC, solo and dual columns,
 * none of which is compared, so every entry is a pilot in the left seat with someone beside them.
 */
export function scoreLogbookFlight(
  label: LogbookLabel,
  flight: FlightLabel,
  airports: AirportLookups | null,
  dir = trackCorpusDir,
): LogbookFlightScore {
  let read: ReturnType<typeof readCorpusTrack>;
  try {
    read = readCorpusTrack(label.file, dir);
  } catch (error) {
    return unreadFlight(label, flight, errorText(error));
  }
  const { points } = read;
  const analysis = analyseFlight({
    points,
    category: flight.category,
    airports: airports?.fieldsAround(points, flight.category) ?? [],
    markers: [],
    transcript: null,
    audioStartedAt: null,
    beginTime: points[0]?.timestamp ?? null,
    atcSpeakers: new Set(),
    ownCallsigns: [],
    timesEstimated: false,
  });
  const events = eventsOfAnalysis(analysis);
  const entry = entryFromFlight({
    beginTime: points[0]?.timestamp ?? null,
    endTime: points.at(-1)?.timestamp ?? null,
    points: points.map((point) => ({ time: point.timestamp, latitude: point.latitude, longitude: point.longitude })),
    ...events,
    aircraft: { makeModel: flight.aircraft, identification: null, categoryClass: categoryClassOf[flight.category] },
    role: 'other',
    seat: 'left',
    otherSeatOccupied: true,
    airportAt: (place) => airports?.airportAt(place, flight.category) ?? null,
  });
  // The same take-offs and landings scored as the detection benchmark scores them (±10 s, touch-and-go or full
  // stop): what it finds wrong is what the entry's values were made from.
  const detected = {
    takeoffs: events.takeoffs,
    landings: analysis.landings.map((landing) => ({ time: landing.touchdown_time, kind: landing.kind })),
    goArounds: [],
  };
  const detection = scoreFlight(flight, read.format, detected)
    .wrong.filter((item): item is WrongCase & { event: 'takeoff' | 'landing' } => item.event === 'takeoff' || item.event === 'landing')
    .map((item) => `${eventNames[item.event]}: expected ${item.expected}, found ${item.found}`);
  return compareEntry(label, flight, points, entry, detection, airports !== null);
}

const share = (part: number, whole: number) => (whole === 0 ? null : part / whole);

export function totalLogbookScores(flights: LogbookFlightScore[], airportsChecked: boolean): LogbookAccuracy {
  const confusion: ConfusionCounts = { truePositives: 0, falsePositives: 0, falseNegatives: 0, trueNegatives: 0 };
  for (const { crossCountry } of flights) {
    if (crossCountry.label && crossCountry.found) confusion.truePositives += 1;
    else if (crossCountry.found) confusion.falsePositives += 1;
    else if (crossCountry.label) confusion.falseNegatives += 1;
    else confusion.trueNegatives += 1;
  }
  const read = flights.filter((flight) => flight.error === null);
  const isWrong = (flight: LogbookFlightScore, ...checks: LogbookCheck[]) => flight.wrong.some((item) => checks.includes(item.check));
  const withDeparture = read.filter((flight) => flight.departure !== null);
  const withFarthest = read.filter((flight) => flight.farthestLanding !== null);
  return {
    flights,
    airportsChecked,
    crossCountry: {
      ...confusion,
      precision: share(confusion.truePositives, confusion.truePositives + confusion.falsePositives),
      recall: share(confusion.truePositives, confusion.truePositives + confusion.falseNegatives),
    },
    night: {
      right: flights.filter((flight) => !isWrong(flight, 'file', 'night time', 'night take-offs', 'night full-stop landings')).length,
      flights: flights.length,
    },
    departure: { right: withDeparture.filter((flight) => !isWrong(flight, 'departure airport')).length, labelled: withDeparture.length },
    farthestLanding: { found: withFarthest.filter((flight) => !isWrong(flight, 'farthest landing')).length, labelled: withFarthest.length },
    meanTotalTimeErrorMinutes:
      read.length === 0
        ? null
        : read.reduce((sum, flight) => sum + Math.abs(flight.totalMinutes.found - flight.totalMinutes.label), 0) / read.length,
    unread: flights.length - read.length,
  };
}

/**
 * Every flight an instructor labelled, through the pipeline. Without `airports` (where Node has no node:sqlite, or
 * a caller that has not the server's database) the analysis has no fields around the track and the route's
 * airports are neither looked up nor checked.
 */
export function scoreLogbookCorpus(airports: AirportLookups | null, dir = trackCorpusDir): LogbookAccuracy {
  const flights = readFlightLabels(dir);
  const scores = readLogbookLabels(dir).map((label) => {
    const flight = flights.find((candidate) => candidate.file === label.file);
    if (!flight) throw new Error(`${label.file} has a logbook label but no events in labels.json`);
    return scoreLogbookFlight(label, flight, airports, dir);
  });
  return totalLogbookScores(scores, airports !== null);
}
