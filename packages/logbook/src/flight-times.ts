/**
 * The time columns of a logbook entry from who sat where (14 CFR 61.51). The rule table is in the package's
 * README.md.
 */

export type PilotRole = 'student' | 'instructor' | 'other';
export type Seat = 'left' | 'right';

export type SeatingInput = {
  totalHours: number;
  role: PilotRole;
  seat: Seat;
  /** Someone is in the other pilot seat (the instructor for a student, the student for an instructor). */
  otherSeatOccupied: boolean;
  /** The aircraft's type certificate or the operating rules require a second pilot (61.51(f)); single-pilot training aircraft do not. */
  requiresTwoPilots?: boolean;
  /** A certificated pilot in the right seat who is the pilot in command by agreement (61.51(e)(1)(iii)). */
  actingAsPic?: boolean;
};

export type FlightTimes = { pic: number; sic: number; solo: number; dualReceived: number; dualGiven: number };

const none: FlightTimes = { pic: 0, sic: 0, solo: 0, dualReceived: 0, dualGiven: 0 };

/** PIC, SIC, solo, dual received and dual given for one person on one flight. */
export function flightTimes(input: SeatingInput): FlightTimes {
  const total = input.totalHours;
  if (!Number.isFinite(total) || total < 0) throw new RangeError('totalHours must be a number of hours, 0 or more');
  // 61.51(d): solo is only the time a pilot is the sole occupant; 61.51(e)(1)(i) and (e)(4): alone, a rated pilot
  // is the sole manipulator of the controls, and a student is PIC only as the sole occupant under a solo endorsement.
  if (!input.otherSeatOccupied) return { ...none, pic: total, solo: total };
  switch (input.role) {
    // 61.51(h)(1): a student logs training received from an authorized instructor; never PIC with them aboard.
    case 'student':
      return { ...none, dualReceived: total };
    // 61.51(e)(3) and (h)(2): an authorized instructor acting as PIC while giving training logs PIC and the training given.
    case 'instructor':
      return { ...none, pic: total, dualGiven: total };
    case 'other': {
      // 61.51(e)(1): in the left seat the pilot is the sole manipulator of the controls; in the right seat only by agreement.
      const isPic = input.seat === 'left' || input.actingAsPic === true;
      // 61.51(f): SIC only where the aircraft or the operation requires a second pilot.
      const isSic = !isPic && input.requiresTwoPilots === true;
      return { ...none, pic: isPic ? total : 0, sic: isSic ? total : 0 };
    }
  }
}
