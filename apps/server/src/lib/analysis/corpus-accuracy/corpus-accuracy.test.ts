import { beforeAll, describe, expect, it } from 'vitest';
import { precisionOf, recallOf, scoreTrackCorpus, type TrackAccuracy } from './track-accuracy.ts';

/**
 * Regression floors over the committed corpus of real flights (bench/corpus/tracks), the figures
 * `npm run bench -- accuracy` prints. Each floor is today's measured value rounded down: a change to the
 * parsers or the analysis may raise them, and must raise them here when it does, but never lower them.
 */

/**
 * Formats in the corpus (the name `labels.json` gives them) that Skylog cannot read yet. Their files are
 * asserted to fail, so that the day a parser reads them this test says so and the format comes off the list;
 * once off it, a file of that format that fails to parse fails the test.
 */
const formatsNotYetRead = new Set(['garmin-g1000-csv', 'garmin-g3x-csv', 'sensorlog-csv']);

/** Take-offs, landings and go-arounds matched within ±10 s; files that cannot be read count every true event as missed. */
const floors = {
  takeoffRecall: 0.56,
  takeoffPrecision: 0.7,
  landingRecall: 0.61,
  landingPrecision: 0.68,
  /** No flight in the corpus has a go-around, so only inventing them can be measured. */
  goAroundsInventedAtMost: 2,
  /** Landings found whose touch-and-go or full stop is right. */
  touchAndGoVsFullStopRight: 0.77,
} as const;

describe('accuracy on the real flights of the corpus', () => {
  let accuracy: TrackAccuracy;
  beforeAll(() => {
    accuracy = scoreTrackCorpus();
  }, 60_000);

  it('reads every file whose format Skylog reads, and still refuses the formats listed as not yet read', () => {
    const unread = accuracy.flights.filter((flight) => !formatsNotYetRead.has(flight.format) && flight.error !== null);
    expect(unread.map(({ file, error }) => `${file}: ${error}`)).toEqual([]);
    const nowRead = accuracy.flights.filter((flight) => formatsNotYetRead.has(flight.format) && flight.error === null);
    expect(nowRead.map(({ file, format }) => `${file} is read now: take ${format} off formatsNotYetRead`)).toEqual([]);
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
