import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { AircraftCategory, TrackPoint } from '@skylog/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseSync } from 'node:sqlite';
import { findFieldElevations, openAirports } from '../../modules/map/airports.repository.ts';
import { parseTrackFile } from '../track/parse-track-file.ts';
import { detectPhases } from './phases.ts';

/** Real flights and what happened on them, labelled by hand (bench/corpus/tracks/LABELLING.md). */
const corpus = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../../../bench/corpus/tracks');
type Labels = {
  flights: {
    file: string;
    category: AircraftCategory;
    takeoffs: { time: string }[];
    landings: { time: string; kind: 'full_stop' | 'touch_and_go' }[];
    go_arounds: { time: string }[];
  }[];
};
const labels = JSON.parse(readFileSync(path.join(corpus, 'labels.json'), 'utf8')) as Labels;

/** The labels' own tolerance: a 1-Hz log leaves a touchdown a few seconds uncertain. */
const toleranceMs = 10_000;

/** Each true time paired with one found within the tolerance; what is left over on either side is wrong. */
const pair = (truth: number[], found: number[]) => {
  const unused = [...found];
  const missed = truth.filter((time) => {
    const index = unused.findIndex((candidate) => Math.abs(candidate - time) <= toleranceMs);
    if (index < 0) return true;
    unused.splice(index, 1);
    return false;
  });
  return { missed, invented: unused };
};

/** The recordings in formats the parsers read (the Garmin and phone CSVs are measured by the accuracy bench). */
const files = [
  'turbo87-igc-parser/1G_77fv6m71.igc.gz',
  'turbo87-igc-parser/2016-11-08-xcs-aaa-02.igc.gz',
  'turbo87-igc-parser/654G6NG1.IGC.gz',
  'turbo87-igc-parser/MD_85ugkjj1.IGC.gz',
  'xcsoar/apf-bug554.igc.gz',
  'xiadz-igc-lib/new_zealand.igc.gz',
  'xiadz-igc-lib/olsztyn.igc.gz',
  'alorman-foreflight-track-import/tracklog-from-foreflight.kml.gz',
];

describe('detectPhases on real flights', () => {
  let airports: DatabaseSync | null;
  beforeAll(async () => {
    airports = await openAirports();
  });
  afterAll(() => airports?.close());

  const analyse = (file: string) => {
    const flight = labels.flights.find((each) => each.file === file)!;
    const { points } = parseTrackFile(file.replace(/\.gz$/, ''), gunzipSync(readFileSync(path.join(corpus, file))));
    return { flight, points, result: detectPhases(points, { category: flight.category, airports: fieldsAround(points) }) };
  };
  const fieldsAround = (points: TrackPoint[]) => {
    const latitudes = points.map((point) => point.latitude);
    const longitudes = points.map((point) => point.longitude);
    const bounds = {
      south: Math.min(...latitudes),
      north: Math.max(...latitudes),
      west: Math.min(...longitudes),
      east: Math.max(...longitudes),
    };
    return airports === null ? [] : findFieldElevations(airports, bounds);
  };

  it.each(files)('%s: every take-off, landing (full stop or touch-and-go) and go-around within 10 s, none invented', (file) => {
    const { flight, result } = analyse(file);
    const times = (events: { time: string }[]) => events.map((event) => Date.parse(event.time));
    expect(
      pair(
        times(flight.takeoffs),
        result.takeoffs.map((takeoff) => takeoff.time),
      ),
    ).toEqual({ missed: [], invented: [] });
    expect(
      pair(
        times(flight.landings),
        result.landings.map((landing) => landing.touchdown_time),
      ),
    ).toEqual({ missed: [], invented: [] });
    expect(
      pair(
        times(flight.go_arounds),
        result.goArounds.map((goAround) => goAround.time),
      ),
    ).toEqual({ missed: [], invented: [] });
    for (const truth of flight.landings) {
      const found = result.landings.find((landing) => Math.abs(landing.touchdown_time - Date.parse(truth.time)) <= toleranceMs)!;
      expect(found.kind, truth.time).toBe(truth.kind);
    }
  });

  it('shows a glider one launch and one landing, with no take-off roll or landing between them', () => {
    for (const file of files.filter((each) => /igc\.gz$/i.test(each))) {
      const { result } = analyse(file);
      const ground = result.phases
        .map((segment) => segment.phase)
        .filter((phase) => ['takeoff_roll', 'landing', 'touch_and_go'].includes(phase));
      // A winch launch rolls for two or three seconds: a logger writing every 2 s may have no fix on it.
      expect(
        ground.filter((phase) => phase !== 'takeoff_roll'),
        file,
      ).toEqual(['landing']);
      expect(ground.lastIndexOf('takeoff_roll'), file).toBeLessThanOrEqual(0);
      expect(result.takeoffs, file).toHaveLength(1);
    }
  });

  it('would find mid-flight landings in a glider’s wave climb by airplane rules: the category matters', () => {
    const { points } = analyse('turbo87-igc-parser/2016-11-08-xcs-aaa-02.igc.gz');
    expect(detectPhases(points, { category: 'airplane' }).landings.length).toBeGreaterThan(1);
    expect(detectPhases(points, { category: 'glider' }).landings).toHaveLength(1);
  });
});
