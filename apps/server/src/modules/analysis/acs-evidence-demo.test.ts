import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { acsTolerances, type AcsEvidence, type FlightAnalysis } from '@skylog/contracts';
import { analyseFlight } from '@skylog/flight-analysis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSchool } from '../../db/seed/demo-school.ts';
import { toMarkers, toPoints, type DemoTrip } from '../../db/seed/seed-demo-trips.ts';
import { openFieldFinder, type FieldFinder } from '../map/map.service.ts';

/**
 * The ACS evidence of the demo flights, analysed as the analysis job does (with the airport database's fields and
 * runways around each track): what their scripts (scripts/demo-flights/trip-plans.ts) put there, as their instructor
 * marked it, and nothing they did not fly.
 */

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../db/seed/demo-trips');
/** Any instant will do: the analysis only compares times within a flight. */
const start = Date.UTC(2025, 5, 2, 16, 0);

describe('ACS evidence of the demo flights', () => {
  let finder: FieldFinder | null;
  beforeAll(async () => {
    finder = await openFieldFinder();
  });
  afterAll(() => finder?.close());

  function analyse(file: string): FlightAnalysis {
    const trip = JSON.parse(readFileSync(path.join(folder, `${file}.json`), 'utf8')) as DemoTrip;
    const points = toPoints(trip, start);
    const plane = demoSchool.aircraft.find((candidate) => candidate.tailNumber === trip.aircraft_tail);
    return analyseFlight({
      points,
      category: 'airplane',
      airports: finder?.find(points, 'airplane') ?? [],
      timesEstimated: false,
      markers: toMarkers(trip, points, start),
      transcript: trip.transcript,
      audioStartedAt: start + trip.audio_offset_seconds * 1000,
      beginTime: start,
      atcSpeakers: new Set([2]),
      ownCallsigns: plane ? [plane.callSign, plane.tailNumber] : [],
    });
  }
  const of = (analysis: FlightAnalysis, task: string): AcsEvidence[] =>
    (analysis.acs_evidence ?? []).filter((item) => item.task_code === task);
  const measured = (evidence: AcsEvidence, label: string) => evidence.measurements.find((item) => item.label.startsWith(label))!;

  it('steep turns and slow flight: the left turn to standard, the right one 150 ft low, the second right to standard; slow flight lost 100 ft at 48 kt', () => {
    const analysis = analyse('steep-turns-slow-flight');
    const turns = of(analysis, acsTolerances.steepTurn.task);
    expect(turns.map((turn) => [turn.summary.slice(0, 16), turn.outcome])).toEqual([
      ['Steep turn left ', 'within'],
      ['Steep turn right', 'outside'],
      ['Steep turn right', 'within'],
    ]);
    // The instructor's marker: "nose dropped past 30° of bank, lost 150 ft"; the bank itself was held.
    expect(measured(turns[1]!, 'Altitude').value).toBeLessThan(-100);
    expect(measured(turns[1]!, 'Bank, lowest held').within).toBe(true);

    const [slow, ...others] = of(analysis, acsTolerances.slowFlight.task);
    expect(others).toEqual([]);
    // "Fixated, airspeed down to 48 kt with the horn, lost 100 ft", against the 58 kt set up.
    expect(slow!.outcome).toBe('outside');
    expect(slow!.summary).toMatch(/speed held 58 kt/);
    expect(measured(slow!, 'Ground speed (wind not removed), slowest').value).toBeLessThanOrEqual(-10);
    expect(measured(slow!, 'Altitude').value).toBeLessThanOrEqual(-100);
    // The landing back at Palo Alto is placed on runway 31.
    expect(of(analysis, acsTolerances.normalLanding.task).map((landing) => landing.summary.slice(0, 29))).toEqual([
      'Landing on runway 31 at KPAO:',
    ]);
  });

  it('pattern work: five touchdowns on Palo Alto’s runway 31, a go-around climbing away, the wrong squawk readback', () => {
    const analysis = analyse('pattern-work-kpao');
    expect(of(analysis, acsTolerances.normalLanding.task).map((landing) => landing.summary.replace(/:.*/, ''))).toEqual([
      'Touch-and-go on runway 31 at KPAO',
      'Touch-and-go on runway 31 at KPAO',
      'Touch-and-go on runway 31 at KPAO',
      'Touch-and-go on runway 31 at KPAO',
      'Landing on runway 31 at KPAO',
    ]);
    const [goAround] = of(analysis, acsTolerances.goAround.task);
    expect(goAround).toMatchObject({ outcome: 'within' });
    expect(measured(goAround!, 'Rate of climb').value).toBeGreaterThan(300);
    const [radio] = of(analysis, acsTolerances.communications.task);
    expect(radio).toMatchObject({ outcome: 'outside', summary: '1 of 9 readbacks not right: squawk 0436 was read back as 0463.' });
    // Every circuit's downwind, the go-around's too.
    expect(of(analysis, acsTolerances.trafficPattern.task)).toHaveLength(6);
    expect(of(analysis, acsTolerances.steepTurn.task)).toEqual([]);
  });

  it('cross-country: no manoeuvre, a landing at Monterey and one home, and the frequency change not read back', () => {
    const analysis = analyse('cross-country-kpao-kmry');
    expect(of(analysis, acsTolerances.steepTurn.task)).toEqual([]);
    expect(of(analysis, acsTolerances.slowFlight.task)).toEqual([]);
    expect(of(analysis, acsTolerances.emergencyDescent.task)).toEqual([]);
    expect(of(analysis, acsTolerances.normalLanding.task).map((landing) => landing.summary.replace(/:.*/, ''))).toEqual([
      'Landing on runway 28L at KMRY',
      'Landing on runway 31 at KPAO',
    ]);
    expect(of(analysis, acsTolerances.communications.task)[0]).toMatchObject({ outcome: 'outside' });
  });
});
