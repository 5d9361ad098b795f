import { messages, type FlightPhase, type PhaseSegment, type TrackPoint } from '@skylog/contracts';
import { describe, expect, it } from 'vitest';
import { detectPhases } from './phases.ts';
import {
  arrivalSegments,
  buildSyntheticTrack,
  circuitSegments,
  departureSegments,
  type SyntheticOptions,
  type SyntheticSegment,
} from './synthetic-track.ts';

/** Boundaries may differ from the constructed ones by this much: 1 Hz fixes and a 10-s vertical speed window. */
const toleranceMs = 3000;

const airplane = { category: 'airplane' } as const;

const fly = (segments: SyntheticSegment[], options: SyntheticOptions = {}) => {
  const flight = buildSyntheticTrack(segments, options);
  const mark = (name: string) => {
    const found = flight.marks[name];
    if (found === undefined) throw new Error(`No mark ${name}`);
    return found;
  };
  return { ...flight, mark, result: detectPhases(flight.points, airplane) };
};

/** Phases are contiguous, in order, without overlap, from the first fix to the last. */
const expectCoverage = (phases: PhaseSegment[], points: TrackPoint[]) => {
  expect(phases[0]!.start).toBe(points[0]!.timestamp);
  expect(phases.at(-1)!.end).toBe(points.at(-1)!.timestamp);
  phases.forEach((phase, index) => {
    expect(phase.end).toBeGreaterThan(phase.start);
    if (index > 0) {
      expect(phase.start).toBe(phases[index - 1]!.end);
      expect(phase.phase).not.toBe(phases[index - 1]!.phase);
    }
  });
};

const expectPhases = (phases: PhaseSegment[], expected: [FlightPhase, number, number][]) => {
  expect(phases.map((segment) => segment.phase)).toEqual(expected.map(([phase]) => phase));
  phases.forEach((segment, index) => {
    const [, start, end] = expected[index]!;
    expect(Math.abs(segment.start - start), `${segment.phase} start`).toBeLessThanOrEqual(toleranceMs);
    expect(Math.abs(segment.end - end), `${segment.phase} end`).toBeLessThanOrEqual(toleranceMs);
  });
};

/**
 * Ground speed crosses 30 kt ten seconds into a roll from rest at 3 kt/s (the roll is taken from the last fix
 * below it); braking from 58 kt passes taxi speed, 20 kt, after about thirteen.
 */
const rollStartMs = 9000;
const brakingToTaxiMs = 13_000;

const patternFlight = (options: SyntheticOptions = {}) =>
  fly([...departureSegments(), ...circuitSegments('', { floatS: 8 }), ...arrivalSegments()], options);

describe('detectPhases', () => {
  it('finds the phases of a circuit within seconds of where they were flown', () => {
    const { points, mark, result } = patternFlight({ fieldElevationFt: 1200 });
    expectCoverage(result.phases, points);
    expectPhases(result.phases, [
      ['taxi', points[0]!.timestamp, mark('roll').start + rollStartMs],
      ['takeoff_roll', mark('roll').start + rollStartMs, mark('roll').end],
      ['climb', mark('roll').end, mark('climb').end],
      // Crosswind and downwind are level: cruise, whatever the turns.
      ['cruise', mark('climb').end, mark('base').start],
      ['approach', mark('base').start, mark('flare').end],
      ['landing', mark('flare').end, mark('rollout').start + brakingToTaxiMs],
      ['taxi', mark('rollout').start + brakingToTaxiMs, points.at(-1)!.timestamp],
    ]);
    expect(result.goArounds).toEqual([]);
    expect(result.limitations).toEqual([]);
  });

  it('measures the landing: touchdown, speed, float and descent rate', () => {
    const { points, mark, result } = patternFlight({ fieldElevationFt: 1200 });
    expect(result.landings).toHaveLength(1);
    const landing = result.landings[0]!;
    const touchdown = points.find((point) => point.timestamp === mark('flare').end)!;
    expect(landing).toMatchObject({
      kind: 'full_stop',
      touchdown_time: touchdown.timestamp,
      latitude: touchdown.latitude,
      longitude: touchdown.longitude,
    });
    expect(landing.field_elevation_ft).toBe(1200);
    expect(landing.ground_speed_kt).toBeCloseTo(58, 0);
    // Flown: 8 s from 50 ft; 450 ft at 500 fpm (54 s) then 50 ft in 8 s, so 500 ft in 62 s.
    expect(landing.float_s).toBeCloseTo(8, 0);
    expect(landing.descent_rate_fpm).toBeGreaterThan(484 - 10);
    expect(landing.descent_rate_fpm).toBeLessThan(484 + 10);
  });

  it('tells a touch-and-go from the full-stop landing after it', () => {
    const { points, mark, result } = fly([
      ...departureSegments(),
      ...circuitSegments('first-'),
      { kind: 'roll', toSpeedKt: 65, mark: 'touch-and-go' },
      ...circuitSegments('second-'),
      ...arrivalSegments(),
    ]);
    expectCoverage(result.phases, points);
    expectPhases(result.phases, [
      ['taxi', points[0]!.timestamp, mark('roll').start + rollStartMs],
      ['takeoff_roll', mark('roll').start + rollStartMs, mark('roll').end],
      ['climb', mark('roll').end, mark('first-climb').end],
      ['cruise', mark('first-climb').end, mark('first-base').start],
      ['approach', mark('first-base').start, mark('first-flare').end],
      ['touch_and_go', mark('first-flare').end, mark('touch-and-go').end],
      ['climb', mark('touch-and-go').end, mark('second-climb').end],
      ['cruise', mark('second-climb').end, mark('second-base').start],
      ['approach', mark('second-base').start, mark('second-flare').end],
      ['landing', mark('second-flare').end, mark('rollout').start + brakingToTaxiMs],
      ['taxi', mark('rollout').start + brakingToTaxiMs, points.at(-1)!.timestamp],
    ]);
    expect(result.landings.map((landing) => [landing.kind, landing.touchdown_time])).toEqual([
      ['touch_and_go', mark('first-flare').end],
      ['full_stop', mark('second-flare').end],
    ]);
  });

  it('finds a go-around: down to 300 ft above the field and back up without touching', () => {
    const { points, mark, result } = fly(
      [
        ...departureSegments(),
        ...circuitSegments('first-').slice(0, 7),
        { kind: 'descend', toHeightFt: 300, fpm: 500, mark: 'final' },
        { kind: 'climb', toHeightFt: 1000, fpm: 700, speedKt: 70, mark: 'go-around' },
        { kind: 'level', durationS: 60, speedKt: 90 },
        ...circuitSegments('second-').slice(3),
        ...arrivalSegments(),
      ],
      { fieldElevationFt: 400 },
    );
    expectCoverage(result.phases, points);
    expect(result.goArounds).toHaveLength(1);
    expect(result.goArounds[0]!.time).toBe(mark('go-around').start);
    expect(result.goArounds[0]!.altitudeFt).toBe(700);
    const goAround = result.phases.find((segment) => segment.phase === 'go_around')!;
    expect(goAround.start).toBe(mark('go-around').start);
    expect(Math.abs(goAround.end - mark('go-around').end)).toBeLessThanOrEqual(toleranceMs);
    const before = result.phases[result.phases.indexOf(goAround) - 1]!;
    expect(before.phase).toBe('approach');
    expect(Math.abs(before.start - mark('first-base').start)).toBeLessThanOrEqual(toleranceMs);
    expect(result.landings.map((landing) => landing.kind)).toEqual(['full_stop']);
  });

  it('does not take a descent and climb far above the field for a go-around', () => {
    const { result } = fly([
      ...departureSegments(),
      { kind: 'climb', toHeightFt: 3000, fpm: 700, speedKt: 80 },
      { kind: 'descend', toHeightFt: 1800, fpm: 800 },
      { kind: 'climb', toHeightFt: 3000, fpm: 700 },
      { kind: 'level', durationS: 60 },
    ]);
    expect(result.goArounds).toEqual([]);
    expect(result.phases.map((segment) => segment.phase)).toEqual(['taxi', 'takeoff_roll', 'climb', 'descent', 'climb', 'cruise']);
    expect(result.limitations).toEqual(['The track ends in flight, so its last landing is not in it.']);
  });

  it('starts the approach where a final too shallow for a descent begins', () => {
    const { points, mark, result } = fly([
      ...departureSegments(),
      ...circuitSegments('', { heightFt: 800, approachFpm: 250 }),
      ...arrivalSegments(),
    ]);
    expectCoverage(result.phases, points);
    const approach = result.phases.find((segment) => segment.phase === 'approach')!;
    expect(Math.abs(approach.start - mark('base').start)).toBeLessThanOrEqual(toleranceMs);
    expect(approach.end).toBe(mark('flare').end);
    expect(result.phases[result.phases.indexOf(approach) - 1]!.phase).toBe('cruise');
  });

  it('keeps its phases with a few feet of altitude noise', () => {
    const { points, mark, result } = patternFlight({ altitudeNoiseFt: 5, seed: 7 });
    expectCoverage(result.phases, points);
    expect(result.phases.map((segment) => segment.phase)).toEqual([
      'taxi',
      'takeoff_roll',
      'climb',
      'cruise',
      'approach',
      'landing',
      'taxi',
    ]);
    const landing = result.landings[0]!;
    expect(Math.abs(landing.touchdown_time - mark('flare').end)).toBeLessThanOrEqual(toleranceMs);
    expect(Math.abs(landing.field_elevation_ft)).toBeLessThanOrEqual(5);
  });

  it('works out ground speed from positions when the fixes carry none', () => {
    const { result } = patternFlight({ hasSpeed: false });
    const { result: withSpeed } = patternFlight();
    expect(result.phases.map((segment) => segment.phase)).toEqual(withSpeed.phases.map((segment) => segment.phase));
    result.phases.forEach((segment, index) => {
      expect(Math.abs(segment.start - withSpeed.phases[index]!.start)).toBeLessThanOrEqual(toleranceMs);
    });
  });

  it('leaves float out when the track is too sparse to time it', () => {
    const { points, mark } = patternFlight();
    // The fixes from 60 ft down to touchdown are missing.
    const sparse = points.filter((point) => point.timestamp <= mark('final').end - 3000 || point.timestamp >= mark('flare').end);
    const landing = detectPhases(sparse, airplane).landings[0]!;
    expect(landing.touchdown_time).toBe(mark('flare').end);
    expect(landing.float_s).toBeNull();
    expect(landing.descent_rate_fpm).not.toBeNull();
  });

  it('says when the track starts in flight, and still finds the landing', () => {
    const { points, mark } = patternFlight();
    const result = detectPhases(
      points.filter((point) => point.timestamp >= mark('downwind').start),
      airplane,
    );
    expect(result.phases.map((segment) => segment.phase)).toEqual(['cruise', 'approach', 'landing', 'taxi']);
    expect(result.landings).toHaveLength(1);
    expect(result.limitations).toEqual(['The track starts in flight, so its take-off is not in it.']);
  });

  it('answers no phases and says why without a track', () => {
    expect(detectPhases([])).toEqual({ phases: [], takeoffs: [], landings: [], goArounds: [], limitations: [messages.analysisNoTrack] });
    const { points } = patternFlight();
    const short = detectPhases(points.slice(0, 5));
    expect(short.phases).toEqual([]);
    expect(short.limitations).toEqual(['The track has only 5 points: phases, landings and approach stability need at least 10.']);
  });

  it('falls back to ground-speed phases when the track has no altitudes', () => {
    const { points, mark, result } = patternFlight({ hasAltitude: false });
    expectCoverage(result.phases, points);
    expect(result.phases.map((segment) => segment.phase)).toEqual(['taxi', 'takeoff_roll', 'cruise', 'landing', 'taxi']);
    expect(Math.abs(result.phases[1]!.start - (mark('roll').start + rollStartMs))).toBeLessThanOrEqual(toleranceMs);
    expect(Math.abs(result.phases[3]!.end - (mark('rollout').start + brakingToTaxiMs))).toBeLessThanOrEqual(toleranceMs);
    expect(result.landings).toEqual([]);
    expect(result.limitations).toEqual([
      'The track has no altitudes: phases come from ground speed only, and climbs, descents, approaches, landings and go-arounds cannot be told.',
    ]);
  });

  it('interpolates over fixes that miss their altitude', () => {
    const { points, result: complete } = patternFlight();
    const gappy = points.map((point, index) => (index % 3 === 1 ? { ...point, altitude: null } : point));
    const result = detectPhases(gappy, airplane);
    expect(result.phases.map((segment) => segment.phase)).toEqual(complete.phases.map((segment) => segment.phase));
    result.phases.forEach((segment, index) =>
      expect(Math.abs(segment.start - complete.phases[index]!.start)).toBeLessThanOrEqual(toleranceMs),
    );
    const missing = gappy.filter((point) => point.altitude === null).length;
    expect(result.limitations).toEqual([`${missing} of ${points.length} points have no altitude: heights between them are interpolated.`]);
  });
});
