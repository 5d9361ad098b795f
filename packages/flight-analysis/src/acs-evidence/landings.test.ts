import { acsTolerances, type AcsEvidence } from '@skylog/contracts';
import { earthRadiusMetres } from '@skylog/track-formats';
import { describe, expect, it } from 'vitest';
import type { KnownField, KnownRunway } from '../phases.ts';
import { arrivalSegments, circuitSegments, departureSegments } from '../synthetic-track.ts';
import { feetPerMetre } from '../track-kinematics.ts';
import { evidenceOfSynthetic } from './synthetic-evidence.ts';

const task = acsTolerances.normalLanding.task;
type Place = { latitude: number; longitude: number };

/** The point `metres` from `from` on the great circle leaving it at `bearingDeg` (the spherical destination formula). */
function destination(from: Place, bearingDeg: number, metres: number): Place {
  const radians = Math.PI / 180;
  const [lat, lon, bearing, distance] = [
    from.latitude * radians,
    from.longitude * radians,
    bearingDeg * radians,
    metres / earthRadiusMetres,
  ];
  const latitude = Math.asin(Math.sin(lat) * Math.cos(distance) + Math.cos(lat) * Math.sin(distance) * Math.cos(bearing));
  const longitude =
    lon + Math.atan2(Math.sin(bearing) * Math.sin(distance) * Math.cos(lat), Math.cos(distance) - Math.sin(lat) * Math.sin(latitude));
  return { latitude: latitude / radians, longitude: longitude / radians };
}

/** A left-hand circuit ending in a full stop; the aircraft lands heading north (the circuit's four left turns). */
const circuit = () => evidenceOfSynthetic([...departureSegments(), ...circuitSegments(''), ...arrivalSegments()]);
const touchdownOf = () => {
  const flight = circuit();
  const landing = flight.points.find((point) => point.timestamp >= flight.marks.rollout!.start)!;
  return { latitude: landing.latitude, longitude: landing.longitude };
};

/**
 * A runway whose northbound landing threshold lies `thresholdBeforeFt` before the touchdown, `offsetM` east of it,
 * `lengthFt` long, with `displacedFt` of displaced threshold: the airport data of a field for the circuit above.
 */
function fieldFor(options: {
  thresholdBeforeFt: number;
  lengthFt?: number;
  displacedFt?: number;
  offsetM?: number;
  widthFt?: number;
}): KnownField {
  const { thresholdBeforeFt, lengthFt = 5000, displacedFt = 0, offsetM = 0, widthFt = 100 } = options;
  const touchdown = destination(touchdownOf(), 90, offsetM);
  const south = destination(touchdown, 180, (thresholdBeforeFt + displacedFt) / feetPerMetre);
  const north = destination(south, 0, lengthFt / feetPerMetre);
  const runway: KnownRunway = {
    lengthFt,
    widthFt,
    ends: [
      { ident: '36', ...south, headingDeg: 0, displacedThresholdFt: displacedFt },
      { ident: '18', ...north, headingDeg: 180, displacedThresholdFt: 0 },
    ],
  };
  return { ...touchdown, elevationFt: 0, ident: 'TEST', runways: [runway] };
}

const landingsOn = (...airports: KnownField[]): AcsEvidence[] =>
  evidenceOfSynthetic([...departureSegments(), ...circuitSegments(''), ...arrivalSegments()], {}, { airports }).of(task);

const past = (evidence: AcsEvidence) => evidence.measurements.find((item) => item.label === 'Touchdown past the landing threshold')!;

/** ICAO Annex 14 puts the aiming point of a runway with 1,200–2,400 m of landing distance 300 m in. */
const aimFt = 300 * feetPerMetre;

describe('touchdown point (PA.IV.B)', () => {
  // The instructor's point is not known: within when some point from the threshold to the aiming point has the
  // touchdown 0 to 400 ft beyond it, i.e. from the threshold to 400 ft past the aiming point (984 ft in here).
  it.each([
    [Math.round(aimFt) + 399, 'within'],
    [Math.round(aimFt) + 401, 'outside'],
    [600, 'within'],
    [0, 'within'],
    [-20, 'outside'],
  ])('a touchdown %i ft past the threshold is %s', (feet, outcome) => {
    const [landing, ...others] = landingsOn(fieldFor({ thresholdBeforeFt: feet }));
    expect(others).toEqual([]);
    expect(past(landing!)).toMatchObject({
      value: feet,
      unit: 'ft',
      limit: '0 to 1,384 ft: 400 ft beyond a point from the threshold to the aiming point',
      within: outcome === 'within',
    });
    expect(landing!.outcome).toBe(outcome);
  });

  it('says where it touched down against the aiming point, the float, the sink rate and the centreline offset, ending at the touchdown', () => {
    const flight = circuit();
    const [landing] = landingsOn(fieldFor({ thresholdBeforeFt: aimFt + 250, offsetM: -3 }));
    expect(landing!.summary).toMatch(
      /^Landing on runway 36 at TEST: touched down 1,234 ft past the threshold \(the aiming point is 984 ft in by ICAO Annex 14 for 5,000 ft of landing distance; the point the instructor specified is not known to Skylog\); 6(\.\d)? s from 50 ft to touchdown; sinking about \d+ fpm over the last 5 s; 10 ft right of the airport data's centreline \(fix ±16 ft\)$/,
    );
    expect(landing!.end_ms).toBe(flight.marks.rollout!.start);
    expect(landing!.start_ms).toBeLessThan(flight.marks.flare!.start);
  });

  it('measures from a displaced threshold, and moves the aiming point in on a short runway', () => {
    const [displaced] = landingsOn(fieldFor({ thresholdBeforeFt: 100, displacedFt: 500 }));
    expect(past(displaced!).value).toBe(100);
    // 2,400 ft of runway is under 800 m: the aiming point is 150 m (492 ft) in, and the runway is short.
    const [short] = landingsOn(fieldFor({ thresholdBeforeFt: 900, lengthFt: 2400 }));
    expect(past(short!)).toMatchObject({ value: 900, within: false, limit: '0 to 892 ft: 400 ft beyond a point from the threshold to the aiming point' });
    expect(short!.summary).toContain('(the aiming point is 492 ft in by ICAO Annex 14 for 2,400 ft of landing distance: a short runway;');
  });

  it('picks the runway landed on: the end the final was flying towards, the one under the touchdown rather than its parallel', () => {
    const landedOn = fieldFor({ thresholdBeforeFt: 200 });
    const parallel = fieldFor({ thresholdBeforeFt: 900, offsetM: 200 });
    const [landing] = landingsOn({ ...landedOn, runways: [...parallel.runways!, ...landedOn.runways!] });
    expect(landing!.summary).toMatch(/^Landing on runway 36 at TEST:/);
    expect(past(landing!).value).toBe(200);
  });

  it('has no touchdown evidence without the runway: from the field alone the point cannot be placed', () => {
    const { runways: _runways, ...fieldOnly } = fieldFor({ thresholdBeforeFt: aimFt });
    expect(landingsOn(fieldOnly)).toEqual([]);
    // A runway far to the side of the touchdown is not the one landed on.
    expect(landingsOn(fieldFor({ thresholdBeforeFt: aimFt, offsetM: 300 }))).toEqual([]);
  });
});
