import type { AcsEvidence, AircraftCategory, ReadbackFinding, TrackPoint } from '@skylog/contracts';
import type { KnownField, PhaseResult } from '../phases.ts';
import { phasesByPoint } from '../stability.ts';
import { computeKinematics } from '../track-kinematics.ts';
import { findCommunications } from './communications.ts';
import { findEmergencyDescents } from './emergency-descent.ts';
import type { AcsTrack } from './flight-track.ts';
import { findGoArounds } from './go-arounds.ts';
import { findLandingPoints } from './landings.ts';
import { findSlowFlights } from './slow-flight.ts';
import { findSteepTurns } from './steep-turns.ts';
import { findTrafficPatterns } from './traffic-pattern.ts';

export type AcsInput = {
  /** The fixes the phases were found on: none when their times are a guess, and then only the radio is judged. */
  points: TrackPoint[];
  phases: PhaseResult;
  category: AircraftCategory | null;
  /** The fields around the track, with their runways where the airport data has them. */
  airports: KnownField[];
  readbacks: readonly ReadbackFinding[];
};

/**
 * The evidence of the FAA Private Pilot – Airplane ACS (FAA-S-ACS-6C) tasks the flight shows, in time order: steep
 * turns, slow flight, landings on a known runway, go-arounds, traffic patterns, emergency descents (from the track) and
 * communications (from the readbacks). Airplane tasks only: an aircraft of another category has none.
 */
export function findAcsEvidence(input: AcsInput): AcsEvidence[] {
  if (input.category !== null && input.category !== 'airplane') return [];
  const found = findCommunications(input.readbacks);
  if (input.phases.phases.length > 0) {
    const kinematics = computeKinematics(input.points);
    const track: AcsTrack = {
      points: input.points,
      kinematics,
      phases: input.phases,
      phaseOf: phasesByPoint(kinematics.time, input.phases),
      airports: input.airports,
    };
    found.push(
      ...findSteepTurns(track),
      ...findSlowFlights(track),
      ...findLandingPoints(track),
      ...findGoArounds(track),
      ...findTrafficPatterns(track),
      ...findEmergencyDescents(track),
    );
  }
  return found.sort((a, b) => a.start_ms - b.start_ms);
}
