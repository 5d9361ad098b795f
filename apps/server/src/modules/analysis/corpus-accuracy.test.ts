import {
  precisionOf,
  recallOf,
  scoreAcsCorpus,
  scoreTrackCorpus,
  type AcsAccuracy,
  type TrackAccuracy,
} from '@skylog/flight-analysis/corpus-accuracy';
import { beforeAll, describe, expect, it } from 'vitest';
import { openFieldFinder } from '../map/map.service.ts';

/**
 * Regression floors over the committed corpus of real flights (bench/corpus/tracks), the figures
 * `npm run bench -- accuracy` prints. Each floor is today's measured value rounded down: a change to the
 * parsers or the analysis may raise them, and must raise them here when it does, but never lower them.
 * They are measured here, in the server, because the analysis job's fields around each track come from the
 * server's airport database; the readback checker's floors need none and sit with it in @skylog/flight-analysis.
 */

/** Take-offs, landings and go-arounds matched within ±10 s; files that cannot be read count every true event as missed. */
const floors = {
  takeoffRecall: 1,
  takeoffPrecision: 1,
  landingRecall: 1,
  landingPrecision: 1,
  /** No flight in the corpus has a go-around, so only inventing them can be measured. */
  goAroundsInventedAtMost: 0,
  /** Landings found whose touch-and-go or full stop is right. */
  touchAndGoVsFullStopRight: 1,
} as const;

describe('accuracy on the real flights of the corpus', () => {
  let accuracy: TrackAccuracy;
  beforeAll(async () => {
    const fields = await openFieldFinder();
    accuracy = scoreTrackCorpus((points, category) => fields?.find(points, category) ?? []);
    fields?.close();
  }, 60_000);

  it('reads every file of the corpus (a file that fails to parse is a failure, never a skipped case)', () => {
    const unread = accuracy.flights.filter((flight) => flight.error !== null);
    expect(unread.map(({ file, error }) => `${file}: ${error}`)).toEqual([]);
  });

  it('finds take-offs and landings at least as well as it did, and invents no more go-arounds', () => {
    const { takeoff, landing, go_around: goAround } = accuracy.totals;
    expect(recallOf(takeoff)).toBeGreaterThanOrEqual(floors.takeoffRecall);
    expect(precisionOf(takeoff)).toBeGreaterThanOrEqual(floors.takeoffPrecision);
    expect(recallOf(landing)).toBeGreaterThanOrEqual(floors.landingRecall);
    expect(precisionOf(landing)).toBeGreaterThanOrEqual(floors.landingPrecision);
    expect(goAround.invented).toBeLessThanOrEqual(floors.goAroundsInventedAtMost);
    expect(accuracy.kinds.right / accuracy.kinds.matched).toBeGreaterThanOrEqual(floors.touchAndGoVsFullStopRight);
  });
});

/** The ACS manoeuvres found in the labelled airplane flights (bench/corpus/tracks/acs-labels.json), overlapping the labelled span. */
const acsFloors = { steepTurnRecall: 1, steepTurnPrecision: 1, slowFlightRecall: 1, slowFlightPrecision: 1 } as const;

describe('ACS manoeuvres in the real flights of the corpus', () => {
  let accuracy: AcsAccuracy;
  beforeAll(async () => {
    const fields = await openFieldFinder();
    accuracy = scoreAcsCorpus((points, category) => fields?.find(points, category) ?? []);
    fields?.close();
  }, 60_000);

  it('finds the steep turns and slow flight flown, and invents none', () => {
    expect(accuracy.flights.filter((flight) => flight.error !== null)).toEqual([]);
    const { steep_turns: steepTurns, slow_flight: slowFlight } = accuracy.totals;
    expect(recallOf(steepTurns)).toBeGreaterThanOrEqual(acsFloors.steepTurnRecall);
    expect(precisionOf(steepTurns)).toBeGreaterThanOrEqual(acsFloors.steepTurnPrecision);
    expect(recallOf(slowFlight)).toBeGreaterThanOrEqual(acsFloors.slowFlightRecall);
    expect(precisionOf(slowFlight)).toBeGreaterThanOrEqual(acsFloors.slowFlightPrecision);
  });
});
