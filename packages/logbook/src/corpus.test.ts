import { readCorpusTrack, readFlightLabels } from '@skylog/flight-analysis/corpus-accuracy';
import { describe, expect, it } from 'vitest';
import { readLogbookLabels } from './corpus-accuracy.ts';
import { crossCountry, distanceNm } from './cross-country.ts';
import { isNightForCurrency, nightTimeMs, type TimedPosition } from './night.ts';

/**
 * The logbook's night and cross-country on real flights (bench/corpus/tracks), against what an instructor
 * logged for them by hand (logbook-labels.json; LOGBOOK-LABELLING.md says how). The take-off and landing times
 * are the hand-labelled ones of labels.json, so this measures the logbook's rules, not the event detection
 * (corpus-accuracy.test.ts measures the two together).
 */

const flights = readFlightLabels();
const logbookLabels = readLogbookLabels();

const trackOf = (file: string): TimedPosition[] =>
  readCorpusTrack(file).points.map((point) => ({ time: point.timestamp, latitude: point.latitude, longitude: point.longitude }));

/** The fix nearest in time: the aircraft's place at a labelled take-off or landing. */
const fixAt = (track: TimedPosition[], time: number): TimedPosition =>
  track.reduce((nearest, point) => (Math.abs(point.time - time) < Math.abs(nearest.time - time) ? point : nearest));

describe('the logbook on the real flights of bench/corpus/tracks', () => {
  it('has an instructor’s label for every flight that took off, and none for the ground runs', () => {
    const flown = flights.filter((flight) => flight.takeoffs.length > 0).map((flight) => flight.file);
    expect(logbookLabels.map((label) => label.file).sort()).toEqual(flown.sort());
  });

  it('finds no night flight in the corpus, and five cross-countries', () => {
    expect(logbookLabels.filter((label) => label.nightMinutes > 0 || label.nightTakeoffs > 0 || label.nightLandings > 0)).toHaveLength(0);
    expect(logbookLabels.filter((label) => label.crossCountry)).toHaveLength(5);
  });

  it.each(logbookLabels.map((label) => [label.file, label] as const))(
    '%s: night and cross-country as the instructor logged them',
    (file, label) => {
      const flight = flights.find((candidate) => candidate.file === file);
      if (!flight) throw new Error(`${file} is not in labels.json`);
      const track = trackOf(file);
      const takeOff = flight.takeoffs[0]?.time ?? Number.NaN;
      const lastLanding = flight.landings.at(-1)?.time;
      const lastTakeoff = flight.takeoffs.at(-1)?.time ?? takeOff;
      // A recording that ends airborne (after its last take-off) is measured to its end.
      const to = lastLanding !== undefined && lastLanding > lastTakeoff ? lastLanding : undefined;

      expect(nightTimeMs(track, { from: takeOff, to }) / 60_000).toBeCloseTo(label.nightMinutes, 1);
      expect(flight.takeoffs.filter((event) => isNightForCurrency(fixAt(track, event.time)))).toHaveLength(label.nightTakeoffs);
      expect(flight.landings.filter((event) => isNightForCurrency(fixAt(track, event.time)))).toHaveLength(label.nightLandings);

      const result = crossCountry(
        fixAt(track, takeOff),
        flight.landings.map((event) => fixAt(track, event.time)),
      );
      expect(result.isCrossCountry).toBe(label.crossCountry);
      // The track's own positions put the farthest landing where the airports' coordinates do, to within a runway's length.
      if (label.departure && label.farthestLanding)
        expect(Math.abs(result.farthestLandingNm - distanceNm(label.departure, label.farthestLanding))).toBeLessThan(2);
    },
  );
});
