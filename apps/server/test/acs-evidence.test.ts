import { acsTolerances, tripAnalysisSchema, type AcsEvidence, type TrackPoint } from '@skylog/contracts';
import { analysisVersion } from '@skylog/flight-analysis';
import { buildSyntheticTrack } from '@skylog/flight-analysis/synthetic-track';
import { bearingDegrees, earthRadiusMetres } from '@skylog/track-formats';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trips } from '../src/db/schema/index.ts';
import { requeueAnalyses } from '../src/modules/analysis/analysis.service.ts';
import { createSchool, type School } from './factories.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { sessions } from './people-helper.ts';

/** Palo Alto's runway 31 and 13 ends as the airport database (OurAirports) has them; the field is 6 ft above sea level. */
const runway31End = { latitude: 37.45849991, longitude: -122.1119995 };
const runway13End = { latitude: 37.46379852, longitude: -122.1179962 };
const runway31Deg = bearingDegrees(runway31End, runway13End);
/** Where the flight puts its wheels down: this far along runway 31 from its end (no displaced threshold there). */
const touchdownFt = 700;

/**
 * A practice flight as a recorder would upload it: at 3,000 ft, a steep turn left through 360° at 45° of bank, then a
 * long straight-in descent to a full stop on Palo Alto's runway 31, moved so the touchdown is `touchdownFt` along it.
 */
function practiceFlight(): { points: TrackPoint[]; steepTurn: { start: number; end: number } } {
  const { points, marks } = buildSyntheticTrack(
    [
      { kind: 'level', durationS: 60, speedKt: 95 },
      { kind: 'turn', degrees: -360, bankDeg: 45, speedKt: 95, mark: 'steep-turn' },
      { kind: 'level', durationS: 60, speedKt: 95 },
      { kind: 'descend', toHeightFt: 50, fpm: 600, speedKt: 70 },
      { kind: 'descend', toHeightFt: 0, fpm: 500, speedKt: 60, mark: 'flare' },
      { kind: 'roll', toSpeedKt: 10 },
      { kind: 'taxi', durationS: 60, speedKt: 10 },
    ],
    { inFlight: { speedKt: 95, heightFt: 3000 }, headingDeg: runway31Deg, fieldElevationFt: 6, start: Date.parse('2026-06-01T17:00:00Z') },
  );
  const touchdown = points.find((point) => point.timestamp === marks.flare!.end)!;
  const radians = Math.PI / 180;
  const alongM = touchdownFt * 0.3048;
  // Flat offsets over a few miles: the runway's direction is kept to a hair.
  const target = {
    latitude: runway31End.latitude + (alongM * Math.cos(runway31Deg * radians)) / earthRadiusMetres / radians,
    longitude:
      runway31End.longitude +
      (alongM * Math.sin(runway31Deg * radians)) / (earthRadiusMetres * Math.cos(runway31End.latitude * radians)) / radians,
  };
  const [dLat, dLon] = [target.latitude - touchdown.latitude, target.longitude - touchdown.longitude];
  return {
    points: points.map((point) => ({ ...point, latitude: point.latitude + dLat, longitude: point.longitude + dLon })),
    steepTurn: marks['steep-turn']!,
  };
}

describe('ACS evidence through the API: a flight uploaded, analysed by the job, read back with its analysis', () => {
  let t: TestApp;
  let school: School;
  const s = sessions(() => t);
  const flight = practiceFlight();
  let tripId: string;

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    school = await createSchool(t, s, 'Steep Turn Aero');
    const created = await s.call(school.owner, 'POST', '/api/trips', {
      trip_name: 'Steep turns, then home',
      aircraft_id: null,
      points: flight.points,
    });
    expect(created.statusCode, created.body).toBe(201);
    tripId = created.json().trip_id as string;
    await t.ctx.jobs.drain();
  });
  afterAll(async () => t?.close());

  const readEvidence = async (): Promise<AcsEvidence[] | undefined> => {
    const response = await s.call(school.owner, 'GET', `/api/trips/${tripId}/analysis`);
    expect(response.statusCode, response.body).toBe(200);
    return tripAnalysisSchema.parse(response.json()).analysis?.acs_evidence;
  };

  it('proposes the steep turn within the ACS tolerances, at the moment it was flown', async () => {
    const [turn, ...others] = ((await readEvidence()) ?? []).filter((item) => item.task_code === acsTolerances.steepTurn.task);
    expect(others).toEqual([]);
    expect(turn).toMatchObject({ outcome: 'within' });
    expect(turn!.summary).toMatch(/^Steep turn left through 36\d°: bank 4\d–4\d°, altitude within 0 ft/);
    expect(flight.steepTurn.start - turn!.start_ms).toBeGreaterThanOrEqual(0);
    expect(flight.steepTurn.start - turn!.start_ms).toBeLessThanOrEqual(8000);
    expect(turn!.end_ms - flight.steepTurn.end).toBeGreaterThanOrEqual(0);
    expect(turn!.end_ms - flight.steepTurn.end).toBeLessThanOrEqual(8000);
  });

  it('places the touchdown on runway 31 from the airport database’s runway ends', async () => {
    const [landing] = ((await readEvidence()) ?? []).filter((item) => item.task_code === acsTolerances.normalLanding.task);
    expect(landing!.summary).toMatch(/^Landing on runway 31 at KPAO: touched down \d+ ft past the threshold/);
    // 1 Hz fixes at 60 kt are 100 ft apart: the touchdown is good to that. Palo Alto's runway is short (under 800 m of
    // landing distance), so its aiming point is ICAO's 150 m (492 ft) in: within from the threshold to 892 ft past it.
    const pastThreshold = Number(/touched down ([\d,]+) ft past/.exec(landing!.summary)![1]!.replace(',', ''));
    expect(Math.abs(pastThreshold - touchdownFt)).toBeLessThanOrEqual(100);
    expect(landing!.summary).toContain('the aiming point is 492 ft in');
    expect(landing!.summary).toContain('a short runway');
    expect(landing!.measurements[0]).toMatchObject({
      label: 'Touchdown past the landing threshold',
      unit: 'ft',
      limit: '0 to 892 ft: 400 ft beyond a point from the threshold to the aiming point',
      within: true,
    });
  });

  it('reads an analysis stored before the ACS evidence as having none, and makes it again with it at start-up', async () => {
    await t.ctx.db
      .update(trips)
      .set({
        flightAnalysis: sql`(${trips.flightAnalysis} - 'acs_evidence') || jsonb_build_object('version', ${analysisVersion - 1}::int)`,
      })
      .where(eq(trips.id, tripId));
    expect(await readEvidence()).toBeUndefined();
    expect(await requeueAnalyses(t.ctx)).toBe(1);
    await t.ctx.jobs.drain();
    expect((await readEvidence())?.map((item) => item.task_code)).toEqual(
      expect.arrayContaining([acsTolerances.steepTurn.task, acsTolerances.normalLanding.task]),
    );
  });
});
