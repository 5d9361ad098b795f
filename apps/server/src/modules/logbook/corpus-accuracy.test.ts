import { scoreLogbookCorpus, type LogbookAccuracy } from '@skylog/logbook/corpus-accuracy';
import { beforeAll, describe, expect, it } from 'vitest';
import { openFieldFinder } from '../map/map.service.ts';

/**
 * Regression floors of the logbook entries made from the real flights of bench/corpus/tracks, with the server's
 * airport database as the analysis job and the logbook use it: the figures of `npm run bench -- accuracy` of
 * 2026-11-27, rounded down (the total time's error rounded up). Floors, not targets: a change may raise them and
 * must raise them here when it does, never lower them. The same pipeline without the database has its floors in
 * packages/logbook/src/corpus-accuracy.test.ts.
 */
const floors = {
  crossCountryPrecision: 1,
  crossCountryRecall: 1,
  /** Flights whose night time, night take-offs and night full-stop landings are all right. */
  nightRight: 1,
  departureAirportRight: 1,
  /**
   * 13 of 14: Washington Regional (Missouri) is found at the right place, but the database's identifier column
   * names it KMO6, not KFYG (docs/benchmarks.md "Accuracy on real flights").
   */
  farthestLandingFound: 1,
  /** Minutes: the mean |entry's total time − labelled flight time|, most of it the rounding to tenths of an hour. */
  totalTimeErrorAtMost: 1.3,
} as const;

describe('the logbook entries made from the real flights of the corpus, with the airport database', () => {
  let accuracy: LogbookAccuracy;
  beforeAll(async () => {
    const fields = await openFieldFinder();
    accuracy = scoreLogbookCorpus(fields && { fieldsAround: fields.find, airportAt: fields.nearestIdent });
    fields?.close();
  }, 60_000);

  it('reads every labelled flight and looks its airports up', () => {
    expect(accuracy.airportsChecked).toBe(true);
    expect(accuracy.flights.filter((flight) => flight.error !== null).map(({ file, error }) => `${file}: ${error}`)).toEqual([]);
  });

  it('logs cross-countries, night, the route and total time at least as well as it did', () => {
    expect(accuracy.crossCountry.precision).toBeGreaterThanOrEqual(floors.crossCountryPrecision);
    expect(accuracy.crossCountry.recall).toBeGreaterThanOrEqual(floors.crossCountryRecall);
    expect(accuracy.night.right / accuracy.night.flights).toBeGreaterThanOrEqual(floors.nightRight);
    expect(accuracy.departure.right / accuracy.departure.labelled).toBeGreaterThanOrEqual(floors.departureAirportRight);
    expect(accuracy.farthestLanding.found / accuracy.farthestLanding.labelled).toBeGreaterThanOrEqual(floors.farthestLandingFound);
    expect(accuracy.meanTotalTimeErrorMinutes).toBeLessThanOrEqual(floors.totalTimeErrorAtMost);
  });
});
