import type { TrainingDevice } from '@skylog/contracts';

/** What the rules read from a logbook entry (14 CFR 61.51(b)); hours are decimal hours. */

/** Category and class as 61.5 names them, e.g. "airplane single-engine land". */
export type CategoryClass = string;

/** A point of the route: the departure first, then each landing, with what happened there. */
export type RoutePoint = {
  latitude: number;
  longitude: number;
  /** An airport identifier when known. */
  airport?: string;
  /** The landing here was to a full stop (false for a touch-and-go; ignored for the departure). */
  fullStop?: boolean;
  /** The airport had an operating control tower at the time (61.109(a)(5)(iii)). */
  towered?: boolean;
};


export type LogbookEntry = {
  id: string;
  date: string;
  categoryClass: CategoryClass;
  tailwheel?: boolean;
  totalHours: number;
  /** Pilot-in-command time as 61.51(e) lets it be logged (a student's solo, a rated pilot as sole manipulator). */
  picHours?: number;
  dualReceivedHours?: number;
  soloHours?: number;
  crossCountryHours?: number;
  nightHours?: number;
  /**
   * Actual plus simulated instrument time: 61.57(c), 61.65(d)(2) and 61.109(a)(3) count both alike. With an
   * instructor aboard (dualReceivedHours) it is instrument training.
   */
  instrumentHours?: number;
  /**
   * Time in a full flight simulator, flight training device or aviation training device. An entry with it is a
   * session in a device, not a flight: the progress rules read none of its flight columns (total, PIC, solo,
   * cross-country, night, landings) and credit only what 61.65(h)-(j) and 61.109(k) allow, from its
   * dualReceivedHours (instruction in the device) and instrumentHours (instrument time in the device).
   * Its categoryClass is that of the aircraft the device represents.
   */
  simulatorHours?: number;
  /** The device of a session with simulatorHours; when unknown, the rules give the least credit, a basic ATD's. */
  trainingDevice?: TrainingDevice;
  dayTakeoffs?: number;
  nightTakeoffs?: number;
  /** Every landing, touch-and-goes included, day and night. */
  landings?: number;
  dayFullStopLandings?: number;
  nightFullStopLandings?: number;
  /** Instrument approaches flown (61.57(c)(1)(i)). */
  approaches?: number;
  /** The kind of each approach flown, e.g. "ILS", "RNAV (GPS)", "VOR" (61.65(d)(2)(ii)(C): three different kinds). */
  approachTypes?: string[];
  /** The flight was flown under IFR on a flight plan filed with ATC (61.65(d)(2)(ii)). */
  ifrFlightPlan?: boolean;
  holds?: number;
  /** Intercepting and tracking courses through navigational systems was done (61.57(c)(1)(iii)). */
  courseTracking?: boolean;
  /** The flight was a flight review (61.56), or a practical test that counts as one (61.56(d)). */
  flightReview?: boolean;
  /** The flight was an instrument proficiency check (61.57(d)), or an instrument practical test. */
  instrumentProficiencyCheck?: boolean;
  /** Dual training flown in preparation for the practical test (61.109(a)(4)). */
  practicalTestPreparation?: boolean;
  /** Departure then each landing; needed for the cross-country distances of 61.109(a) and 61.65(d)(2)(ii). */
  route?: RoutePoint[];
};
