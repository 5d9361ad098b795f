import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FlightAnalysis } from '@skylog/contracts';
import { analyseFlight } from '@skylog/flight-analysis';
import { describe, expect, it } from 'vitest';
import { demoPeople, demoRoleAccounts, demoSchool, otherSchool, type DemoPerson } from './demo-school.ts';
import { demoTripFiles, toMarkers, toPoints, type DemoTrip } from './seed-demo-trips.ts';

/**
 * The demo flights are what a newcomer sees first, so the analysis must find in them what their scripts
 * (scripts/demo-flights/trip-plans.ts) put there, and nothing they did not.
 */

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo-trips');
/** Any instant will do: the analysis only compares times within a flight. */
const start = Date.UTC(2025, 5, 2, 16, 0);

const readTrip = (file: string): DemoTrip => JSON.parse(readFileSync(path.join(folder, `${file}.json`), 'utf8')) as DemoTrip;

/** The flight's aircraft as the job reads it: its callsign and registration. */
function ownCallsignsOf(trip: DemoTrip): string[] {
  const plane = demoSchool.aircraft.find((candidate) => candidate.tailNumber === trip.aircraft_tail);
  return plane ? [plane.callSign, plane.tailNumber] : [];
}

/** As the seed stores it (track and markers on the flight's clock) and the analysis job reads it back. */
function analyse(file: string): FlightAnalysis {
  const trip = readTrip(file);
  const points = toPoints(trip, start);
  return analyseFlight({
    points,
    category: 'airplane',
    airports: [],
    timesEstimated: false,
    markers: toMarkers(trip, points, start),
    transcript: trip.transcript,
    audioStartedAt: start + trip.audio_offset_seconds * 1000,
    beginTime: start,
    // The seed names speaker 2 (every radio voice) ATC, as its crew would.
    atcSpeakers: new Set([2]),
    ownCallsigns: ownCallsignsOf(trip),
  });
}

const kindsOf = (analysis: FlightAnalysis, kind: string) => analysis.moments.filter((moment) => moment.kind === kind);
const readbacksOf = (analysis: FlightAnalysis, status: string) => analysis.readbacks.filter((finding) => finding.status === status);

describe('demo flights', () => {
  it('pattern work: a wrong squawk readback, an unstable approach, 4 touch-and-goes, a go-around and a full stop', () => {
    const analysis = analyse('pattern-work-kpao');

    expect(analysis.landings.map((landing) => landing.kind)).toEqual([
      'touch_and_go',
      'touch_and_go',
      'touch_and_go',
      'touch_and_go',
      'full_stop',
    ]);
    expect(analysis.stats.go_arounds).toBe(1);

    // Ground assigned 0436 and the student read back 0463; every other readback is complete, so that one stands out.
    expect(readbacksOf(analysis, 'wrong').map((finding) => finding.elements)).toEqual([
      [
        { type: 'squawk', expected: '0436', heard: '0463' },
        { type: 'callsign', expected: 'Skyline 21', heard: 'Skyline 21' },
      ],
    ]);
    expect(readbacksOf(analysis, 'wrong')[0]).toMatchObject({
      expected_readback: 'Squawk zero four three six, Skyline two one',
      rule: 'squawks',
    });
    // Eight correct, the last the frequency to ground given and read back by its last digits ("ground point zero").
    expect(analysis.readbacks.map((finding) => finding.status)).toEqual(['wrong', ...Array<string>(8).fill('correct')]);
    expect(kindsOf(analysis, 'readback').map((moment) => moment.title)).toEqual(['Wrong readback']);

    // The second circuit: high after a late base, dived at about 1,400 fpm, fixed in time for its touch-and-go.
    const unstable = kindsOf(analysis, 'unstable_approach');
    expect(unstable).toHaveLength(1);
    expect(unstable[0]!.end_time).toBe(analysis.landings[1]!.touchdown_time);
    expect(kindsOf(analysis, 'stable_approach')).toHaveLength(4);
  });

  it('cross-country: two full stops, no wrong readback, a stable approach home', () => {
    const analysis = analyse('cross-country-kpao-kmry');

    expect(analysis.landings.map((landing) => landing.kind)).toEqual(['full_stop', 'full_stop']);
    expect(analysis.stats.go_arounds).toBe(0);
    expect(readbacksOf(analysis, 'wrong')).toEqual([]);
    // "runway three one, cleared to land" read back "cleared to land, uh, three one, Skyline one two" is complete, and so is
    // "enter left downwind runway three one" read back "left downwind three one"; the one finding is the frequency to
    // ground, which the student never read back (the next call is to ground itself).
    expect(
      analysis.readbacks.filter((finding) => finding.status !== 'correct').map((finding) => [finding.status, finding.instruction.text]),
    ).toEqual([['missing', 'Skyline one two, turn left next taxiway, contact ground one two five point zero.']]);
    // Monterey's final is scripted ten knots fast; the approach home to Palo Alto is not.
    const home = analysis.landings[1]!.touchdown_time;
    expect(kindsOf(analysis, 'unstable_approach').filter((moment) => moment.end_time === home)).toEqual([]);
    expect(kindsOf(analysis, 'stable_approach').map((moment) => moment.end_time)).toContain(home);
  });

  it('steep turns and slow flight: steep banks, one full stop, no unstable approach or wrong readback', () => {
    const analysis = analyse('steep-turns-slow-flight');

    expect(analysis.landings.map((landing) => landing.kind)).toEqual(['full_stop']);
    expect(analysis.stats.go_arounds).toBe(0);
    expect(readbacksOf(analysis, 'wrong')).toEqual([]);
    expect(kindsOf(analysis, 'unstable_approach')).toEqual([]);
    expect(kindsOf(analysis, 'stable_approach')).toHaveLength(1);
    expect(kindsOf(analysis, 'steep_bank').length).toBeGreaterThan(0);
  });
});

/**
 * A recording is made for one crew: its audio greets the student by name. When the seed seats other
 * people, a newcomer hears the instructor talk to someone who is not on board.
 */
describe('demo flights: the crew the recording talks to is the crew seated', () => {
  const everyone: readonly DemoPerson[] = [...demoRoleAccounts, ...demoPeople, ...otherSchool.people];
  const firstNameOf = (person: DemoPerson) => person.name.split(' ')[0]!;
  const personOf = (email: string) => everyone.find((person) => person.email === email);

  /** Every demo person whose first name is a word of `texts` (as said or typed: "Leo," or "Leo." count). */
  function peopleNamedIn(texts: readonly string[]): string[] {
    const words = new Set(texts.flatMap((text) => text.split(/[^\p{L}]+/u)));
    return everyone.filter((person) => words.has(firstNameOf(person))).map((person) => person.email);
  }

  it.each(demoTripFiles)('%s', (file) => {
    const trip = readTrip(file);
    const crew = [trip.left_seat_email, trip.right_seat_email];
    // The seed names speaker 1 Student and speaker 0 Instructor: the seats must hold one of each.
    expect(personOf(trip.left_seat_email)?.role).toBe('student');
    expect(personOf(trip.right_seat_email)?.role).toBe('instructor');

    const spoken = trip.transcript.results.channels.flatMap((channel) =>
      channel.alternatives.flatMap((choice) => choice.words.map((word) => word.punctuated_word ?? word.word)),
    );
    const named = peopleNamedIn([...spoken, trip.trip_well ?? '', trip.trip_improve ?? '', ...trip.markers.map((marker) => marker.notes)]);
    // Every flight greets its student, so an empty list would mean the names were not found at all.
    expect(named).toContain(trip.left_seat_email);
    expect(named.filter((email) => !crew.includes(email))).toEqual([]);
  });
});
