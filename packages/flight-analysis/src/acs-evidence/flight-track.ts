import type { FlightPhase, TrackPoint } from '@skylog/contracts';
import { haversineMetres } from '@skylog/track-formats';
import { fieldRadiusNm, type KnownField, type PhaseResult } from '../phases.ts';
import { indexAt } from '../stability.ts';
import type { Kinematics } from '../track-kinematics.ts';

/** A flight as every ACS measurement reads it: the fixes, their derived series, each fix's phase and the fields around. */
export type AcsTrack = {
  points: TrackPoint[];
  kinematics: Kinematics;
  phases: PhaseResult;
  /** The phase of each fix. */
  phaseOf: FlightPhase[];
  airports: KnownField[];
};

const airbornePhases: ReadonlySet<FlightPhase> = new Set(['climb', 'cruise', 'descent', 'approach', 'go_around']);
/** Flying away from an approach: where manoeuvres are flown (steep turns, slow flight, emergency descents). */
const manoeuvringPhases: ReadonlySet<FlightPhase> = new Set(['climb', 'cruise', 'descent']);

export const isAirborne = (track: AcsTrack, index: number): boolean => airbornePhases.has(track.phaseOf[index]!);
export const isManoeuvring = (track: AcsTrack, index: number): boolean => manoeuvringPhases.has(track.phaseOf[index]!);

/**
 * The places the flight met the ground or could have (its take-offs, landings and the database's fields): within
 * 3 NM of one the aircraft is in an airport's traffic, not in a practice area.
 */
export function fieldPlaces(track: AcsTrack): { latitude: number; longitude: number }[] {
  const { points, kinematics, phases } = track;
  const fixAt = (time: number) => points[Math.min(points.length - 1, indexAt(kinematics.time, time))]!;
  return [...track.airports, ...phases.landings, ...phases.takeoffs.map(({ time }) => fixAt(time))];
}

export const isAwayFrom = (point: TrackPoint, places: readonly { latitude: number; longitude: number }[]): boolean =>
  places.every((place) => haversineMetres(point, place) > fieldRadiusNm * 1852);

/**
 * The speed that stands for airspeed over fixes [from, to]: indicated airspeed where the aircraft's data log has it on
 * every one, else ground speed, which the wind changes with the heading (the label says so).
 */
export function speedOver(track: AcsTrack, from: number, to: number): { isAirspeed: boolean; at: (index: number) => number | null } {
  const { points, kinematics } = track;
  let isAirspeed = to >= from;
  for (let index = from; index <= to && isAirspeed; index++) isAirspeed = points[index]?.ias_kt !== undefined;
  return isAirspeed
    ? { isAirspeed, at: (index) => points[index]?.ias_kt ?? null }
    : { isAirspeed, at: (index) => kinematics.groundSpeedKt[index] ?? null };
}

/** Whether the aircraft's own attitude sensor gave the bank on every fix of [from, to] (else it is estimated from the turn rate). */
export const isBankMeasured = (track: AcsTrack, from: number, to: number): boolean =>
  track.points.slice(from, to + 1).every((point) => point.roll_deg !== undefined);

/** The fixes from the first at or after `from` to the last at or before `to` (times in ms), as [first, last]. */
export const fixesBetween = (time: number[], from: number, to: number): [number, number] => [
  indexAt(time, from),
  indexAt(time, to + 1) - 1,
];
