import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { limits, trackImportNotices, units } from '@skylog/contracts';
import { describe, expect, it } from 'vitest';
import { parseTrackFile } from './parse-track-file.ts';

/** The real flights of bench/corpus/tracks (README.md there says where each comes from), as labelled in labels.json. */
const corpus = fileURLToPath(new URL('../../../bench/corpus/tracks/', import.meta.url));
type Label = { file: string; aircraft?: string; takeoffs: { time: string }[]; landings: { time: string }[] };
const { flights } = JSON.parse(readFileSync(`${corpus}labels.json`, 'utf8')) as { flights: Label[] };

const read = (file: string) => {
  const name = file.replace(/\.gz$/, '');
  return parseTrackFile(name, gunzipSync(readFileSync(`${corpus}${file}`)));
};

describe('the real tracks of the corpus', () => {
  it('holds all seventeen flights', () => {
    expect(flights).toHaveLength(17);
  });

  it.each(flights.map((flight) => [flight.file, flight] as const))('reads %s', (_file, flight) => {
    const { points } = read(flight.file);
    expect(points.length).toBeGreaterThan(100);
    const first = points[0]!.timestamp;
    const last = points.at(-1)!.timestamp;
    // Every take-off and landing a person labelled lies inside the track's UTC times.
    for (const event of [...flight.takeoffs, ...flight.landings]) {
      expect(Date.parse(event.time)).toBeGreaterThanOrEqual(first);
      expect(Date.parse(event.time)).toBeLessThanOrEqual(last);
    }
    const fastest = Math.max(...points.map((point) => point.speed ?? 0)) * units.knotsPerMetrePerSecond;
    expect(fastest).toBeLessThanOrEqual(limits.trackMaxGroundSpeedKt);
  });

  it('reads a Perspective+ log (dd/mm/yyyy dates) as UTC, with its airframe, IAS, pitch and roll', () => {
    const log = read('roznet-flightlogstats/log_210623_141501_TEST1.csv.gz');
    expect(log.format).toBe('csv');
    expect(log.aircraftType).toBe('Cirrus SR22 Turbo');
    const takeoff = log.points.find((point) => point.timestamp === Date.parse('2021-06-23T14:27:55Z'));
    expect(takeoff?.ias_kt).toBeGreaterThan(50);
    expect(takeoff?.pitch_deg).toBeTypeOf('number');
    expect(takeoff?.roll_deg).toBeTypeOf('number');
    // EGBJ (Gloucestershire) is 101 ft above sea level.
    expect((takeoff?.altitude ?? 0) * units.feetPerMetre).toBeGreaterThan(50);
    expect((takeoff?.altitude ?? 0) * units.feetPerMetre).toBeLessThan(250);
  });

  it('reads a G3X Touch log (three header rows) with its local time and -07:00 offset as UTC', () => {
    const log = read('elvinzhou-g3xuploader/log_20260327_152821_KOAK.csv.gz');
    // Its first row: 2026-03-27 15:28:21 local, -07:00; its UTC Time column says 22:28:21.
    expect(log.points[0]?.timestamp).toBe(Date.parse('2026-03-27T22:28:21Z'));
    expect(log.aircraftType).toBeNull();
    expect(log.points.some((point) => (point.ias_kt ?? 0) > 60)).toBe(true);
  });

  it('names the glider type of an IGC header, and nothing where the pilot left it empty', () => {
    expect(read('turbo87-igc-parser/654G6NG1.IGC.gz').aircraftType).toBe('ASG-29E (18m)');
    expect(read('xcsoar/apf-bug554.igc.gz').aircraftType).toBeNull();
  });

  it.each(['turbo87-igc-parser/1G_77fv6m71.igc.gz', 'xiadz-igc-lib/new_zealand.igc.gz', 'xiadz-igc-lib/olsztyn.igc.gz'])(
    'recomputes the ground speed of %s (a five-digit GSP field, read as km/h it is thousands of knots) from the positions, and says so',
    (file) => {
      expect(read(file).notices).toEqual([trackImportNotices.speedRecomputed]);
    },
  );

  it('puts nothing right in the files whose values agree with their movement', () => {
    const quiet = flights.filter((flight) => !/1G_77fv6m71|new_zealand|olsztyn/.test(flight.file));
    for (const flight of quiet) expect(read(flight.file).notices, flight.file).toEqual([]);
  });

  it('leaves out the rows a G1000 writes before its GPS has a fix', () => {
    const raw = gunzipSync(readFileSync(`${corpus}roznet-flightlogstats/log_210623_141501_TEST1.csv.gz`)).toString('utf8');
    const rows = raw.split('\n').slice(3).filter((line) => line.trim() !== '');
    const log = read('roznet-flightlogstats/log_210623_141501_TEST1.csv.gz');
    expect(log.points.length).toBeLessThan(rows.length);
    expect(log.points.every((point) => Number.isFinite(point.latitude) && point.latitude !== 0)).toBe(true);
  });
});
