import { messages, type FlightPhase, type TrackPoint } from '@skylog/contracts';
import { describe, expect, it } from 'vitest';
import { detectPhases, type KnownField, type PhaseOptions } from './phases.ts';
import { arrivalSegments, buildSyntheticTrack, circuitSegments, departureSegments, type SyntheticSegment } from './synthetic-track.ts';

const fieldElevationFt = 400;

const fly = (segments: SyntheticSegment[], options: PhaseOptions) => {
  const flight = buildSyntheticTrack(segments, { fieldElevationFt });
  const mark = (name: string) => flight.marks[name]!;
  return { ...flight, mark, result: detectPhases(flight.points, options) };
};

const phasesOf = (result: ReturnType<typeof detectPhases>): FlightPhase[] => result.phases.map((segment) => segment.phase);
const count = (phases: FlightPhase[], phase: FlightPhase) => phases.filter((each) => each === phase).length;

/** Where the track is at `time`, as an airport of the database there would be. */
const airportAt = (points: TrackPoint[], time: number, elevationFt: number): KnownField => {
  const point = points.find((each) => each.timestamp >= time)!;
  return { latitude: point.latitude, longitude: point.longitude, elevationFt };
};

/** Out of the circuit and away from the home field: far enough (about 6 NM) that its elevation no longer holds. */
const legAway: SyntheticSegment[] = [
  { kind: 'climb', toHeightFt: 2500, fpm: 700, speedKt: 90 },
  { kind: 'level', durationS: 240, speedKt: 100 },
];
const legHome: SyntheticSegment[] = [
  { kind: 'turn', degrees: 180, bankDeg: 25 },
  { kind: 'climb', toHeightFt: 2500, fpm: 700, speedKt: 100 },
  { kind: 'level', durationS: 200, speedKt: 100 },
  ...circuitSegments('home-').slice(3),
  ...arrivalSegments(),
];

describe('detectPhases: airplanes', () => {
  const airplane = { category: 'airplane' } as const;

  it('calls a touch-and-go that slows to 35 kt on the runway a touch-and-go, not a full stop', () => {
    const { result } = fly(
      [
        ...departureSegments(),
        ...circuitSegments('first-'),
        { kind: 'roll', toSpeedKt: 35, ktPerS: 2 },
        { kind: 'roll', toSpeedKt: 65 },
        ...circuitSegments('second-'),
        ...arrivalSegments(),
      ],
      airplane,
    );
    expect(result.landings.map((landing) => landing.kind)).toEqual(['touch_and_go', 'full_stop']);
    expect(result.takeoffs).toHaveLength(2);
  });

  it('counts a stop-and-go as a full stop and a new take-off, as a logbook does', () => {
    const { result } = fly(
      [
        ...departureSegments(),
        ...circuitSegments('first-'),
        { kind: 'roll', toSpeedKt: 0 },
        { kind: 'stop', durationS: 10 },
        { kind: 'roll', toSpeedKt: 65 },
        ...circuitSegments('second-'),
        ...arrivalSegments(),
      ],
      airplane,
    );
    expect(result.landings.map((landing) => landing.kind)).toEqual(['full_stop', 'full_stop']);
    expect(result.takeoffs).toHaveLength(2);
    expect(count(phasesOf(result), 'takeoff_roll')).toBe(2);
  });

  it('ends a full stop when the roll slows to taxi speed, even if the aircraft keeps rolling off the runway at 18 kt', () => {
    const { mark, result } = fly(
      [
        ...departureSegments(),
        ...circuitSegments(''),
        { kind: 'roll', toSpeedKt: 18, mark: 'rollout' },
        { kind: 'taxi', durationS: 60, speedKt: 18 },
      ],
      airplane,
    );
    expect(result.landings.map((landing) => landing.kind)).toEqual(['full_stop']);
    const landing = result.phases.find((segment) => segment.phase === 'landing')!;
    expect(landing.end).toBeLessThanOrEqual(mark('rollout').end);
    expect(result.phases.at(-1)!.phase).toBe('taxi');
  });

  it('finds a low approach at another field from the airport database, where the aircraft never touched down', () => {
    const segments: SyntheticSegment[] = [
      ...departureSegments(),
      ...legAway,
      { kind: 'descend', toHeightFt: 150, fpm: 600, speedKt: 75, mark: 'low-approach' },
      { kind: 'climb', toHeightFt: 1500, fpm: 700, speedKt: 75 },
      ...legHome,
    ];
    const { points, mark } = fly(segments, airplane);
    const lowest = mark('low-approach').end;
    // The database's elevation of the other field: the same as home, give or take what GPS altitude is off by.
    const otherField = airportAt(points, lowest, fieldElevationFt + 20);
    const withAirports = detectPhases(points, { ...airplane, airports: [otherField] });
    expect(withAirports.goArounds.map((goAround) => goAround.time)).toEqual([lowest]);
    expect(withAirports.landings.map((landing) => landing.kind)).toEqual(['full_stop']);
    expect(detectPhases(points, airplane).goArounds).toEqual([]);
  });

  it('finds a touch-and-go at another field without stopping, from the runway floor at a database airport', () => {
    const { points, mark } = fly(
      [
        ...departureSegments(),
        ...legAway,
        { kind: 'descend', toHeightFt: 50, fpm: 600, speedKt: 65 },
        { kind: 'descend', toHeightFt: 0, fpm: 400, speedKt: 58, mark: 'away-flare' },
        { kind: 'roll', toSpeedKt: 48, ktPerS: 2, mark: 'away-roll' },
        { kind: 'roll', toSpeedKt: 65 },
        ...legHome,
      ],
      airplane,
    );
    // GPS altitude on the other runway reads 60 ft below the database's elevation there.
    const otherField = airportAt(points, mark('away-roll').start, fieldElevationFt + 60);
    const result = detectPhases(points, { ...airplane, airports: [otherField] });
    expect(result.landings.map((landing) => [landing.kind, landing.touchdown_time])).toEqual([
      ['touch_and_go', mark('away-flare').end],
      ['full_stop', mark('home-flare').end],
    ]);
    expect(result.takeoffs).toHaveLength(2);
  });

  it('gives a jet departure recorded every 15 s a take-off roll and a climb before the cruise', () => {
    const { points } = fly(
      [
        { kind: 'taxi', durationS: 120, speedKt: 15 },
        { kind: 'roll', toSpeedKt: 150, ktPerS: 4 },
        { kind: 'climb', toHeightFt: 12_000, fpm: 3000, speedKt: 250 },
        { kind: 'level', durationS: 600, speedKt: 300 },
      ],
      airplane,
    );
    const sparse = points.filter((_, index) => index % 15 === 0);
    const phases = phasesOf(detectPhases(sparse, airplane));
    expect(phases.slice(0, 4)).toEqual(['taxi', 'takeoff_roll', 'climb', 'cruise']);
  });
});

describe('detectPhases: gliders', () => {
  const glider = { category: 'glider' } as const;
  /** A thermal: circling while climbing, slow over the ground into the wind. */
  const thermal: SyntheticSegment[] = [1, 2, 3].map(() => ({ kind: 'turn', degrees: 360, bankDeg: 40, fpm: 400, speedKt: 50 }));
  const landingBack: SyntheticSegment[] = [
    { kind: 'turn', degrees: 180, bankDeg: 30, speedKt: 55 },
    { kind: 'descend', toHeightFt: 800, fpm: 500, speedKt: 55 },
    ...circuitSegments('circuit-', { heightFt: 800 }).slice(3, 8),
    { kind: 'descend', toHeightFt: 0, fpm: 300, speedKt: 45, mark: 'touchdown' },
    { kind: 'roll', toSpeedKt: 0, ktPerS: 2 },
    { kind: 'stop', durationS: 60 },
  ];

  it('finds one aerotow launch and one landing: thermals, wave and a low pass are no landings and no go-arounds', () => {
    const { mark, result } = fly(
      [
        { kind: 'stop', durationS: 60 },
        { kind: 'roll', toSpeedKt: 55, ktPerS: 2, mark: 'tow-roll' },
        { kind: 'climb', toHeightFt: 2000, fpm: 600, speedKt: 65 },
        ...thermal,
        // Wave: climbing into a strong wind, at times slower over the ground than anyone taxis.
        { kind: 'climb', toHeightFt: 5000, fpm: 600, speedKt: 8 },
        { kind: 'level', durationS: 60, speedKt: 8 },
        { kind: 'descend', toHeightFt: 1000, fpm: 800, speedKt: 80 },
        // A fast low pass and pull-up, then the circuit.
        { kind: 'descend', toHeightFt: 200, fpm: 1000, speedKt: 100, mark: 'low-pass' },
        { kind: 'climb', toHeightFt: 600, fpm: 1200, speedKt: 60 },
        ...landingBack,
      ],
      glider,
    );
    const phases = phasesOf(result);
    expect(result.takeoffs).toHaveLength(1);
    expect(Math.abs(result.takeoffs[0]!.time - mark('tow-roll').end)).toBeLessThanOrEqual(10_000);
    expect(result.landings.map((landing) => [landing.kind, landing.touchdown_time])).toEqual([['full_stop', mark('touchdown').end]]);
    expect(result.goArounds).toEqual([]);
    expect(count(phases, 'takeoff_roll')).toBe(1);
    expect(count(phases, 'touch_and_go')).toBe(0);
    expect(phases.at(-1)).toBe('taxi');
    expect(result.limitations).toEqual([]);
  });

  it('takes a winch launch, a very steep short climb, for the take-off', () => {
    const { result } = fly(
      [
        { kind: 'stop', durationS: 30 },
        { kind: 'roll', toSpeedKt: 50, ktPerS: 10 },
        { kind: 'climb', toHeightFt: 1300, fpm: 2400, speedKt: 55 },
        ...thermal,
        ...landingBack,
      ],
      glider,
    );
    expect(result.takeoffs).toHaveLength(1);
    expect(result.landings.map((landing) => landing.kind)).toEqual(['full_stop']);
    expect(phasesOf(result)[2]).toBe('climb');
  });

  it('without a category, takes airplane rules and says so', () => {
    const { result } = fly([{ kind: 'stop', durationS: 30 }, ...departureSegments(), ...circuitSegments(''), ...arrivalSegments()], {});
    expect(result.limitations).toEqual([messages.analysisNoCategory]);
    expect(result.landings).toHaveLength(1);
  });
});

describe('detectPhases: helicopters', () => {
  const helicopter = { category: 'helicopter' } as const;

  it('takes a hover taxi for taxi, and the take-off and landing from the transitions to and from the hover', () => {
    const { mark, result } = fly(
      [
        { kind: 'stop', durationS: 30 },
        { kind: 'taxi', durationS: 90, speedKt: 12, mark: 'hover-taxi' },
        { kind: 'stop', durationS: 10 },
        { kind: 'climb', toHeightFt: 500, fpm: 500, speedKt: 60, mark: 'transition' },
        { kind: 'level', durationS: 120, speedKt: 90 },
        { kind: 'turn', degrees: 180, bankDeg: 20 },
        { kind: 'level', durationS: 120, speedKt: 90 },
        { kind: 'descend', toHeightFt: 0, fpm: 400, speedKt: 8, mark: 'approach-to-hover' },
        { kind: 'taxi', durationS: 60, speedKt: 5 },
        { kind: 'stop', durationS: 30 },
      ],
      helicopter,
    );
    const phases = phasesOf(result);
    expect(phases).not.toContain('takeoff_roll');
    expect(phases[0]).toBe('taxi');
    expect(result.takeoffs).toHaveLength(1);
    expect(Math.abs(result.takeoffs[0]!.time - mark('transition').start)).toBeLessThanOrEqual(10_000);
    expect(result.landings.map((landing) => landing.kind)).toEqual(['full_stop']);
    expect(Math.abs(result.landings[0]!.touchdown_time - mark('approach-to-hover').end)).toBeLessThanOrEqual(10_000);
  });
});

describe('detectPhases: slow aircraft flying into the wind', () => {
  it('finds no landing where a powered parachute’s ground speed falls to 5 kt at 1,000 ft into a headwind', () => {
    const { result } = fly(
      [
        { kind: 'taxi', durationS: 20, speedKt: 5 },
        { kind: 'roll', toSpeedKt: 28, ktPerS: 3 },
        { kind: 'climb', toHeightFt: 1000, fpm: 400, speedKt: 28 },
        { kind: 'level', durationS: 60, speedKt: 25 },
        // Turned into a 20 kt wind: 25 kt through the air, 5 over the ground, for half a minute.
        { kind: 'level', durationS: 30, speedKt: 5 },
        { kind: 'level', durationS: 60, speedKt: 25 },
        { kind: 'descend', toHeightFt: 0, fpm: 400, speedKt: 25 },
        { kind: 'roll', toSpeedKt: 0, ktPerS: 3 },
        { kind: 'stop', durationS: 20 },
      ],
      { category: 'powered_parachute' },
    );
    expect(result.landings).toHaveLength(1);
    expect(result.takeoffs).toHaveLength(1);
  });
});
