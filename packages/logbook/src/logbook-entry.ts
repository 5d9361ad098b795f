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
  dualReceivedHours?: number;
  soloHours?: number;
  crossCountryHours?: number;
  nightHours?: number;
  /** Actual and simulated instrument time, and training in it (61.109(a)(3)). */
  instrumentHours?: number;
  dayTakeoffs?: number;
  nightTakeoffs?: number;
  /** Every landing, touch-and-goes included, day and night. */
  landings?: number;
  dayFullStopLandings?: number;
  nightFullStopLandings?: number;
  /** Instrument approaches flown (61.57(c)(1)(i)). */
  approaches?: number;
  holds?: number;
  /** Intercepting and tracking courses through navigational systems was done (61.57(c)(1)(iii)). */
  courseTracking?: boolean;
  /** The flight was a flight review (61.56), or a practical test that counts as one (61.56(d)). */
  flightReview?: boolean;
  /** The flight was an instrument proficiency check (61.57(d)), or an instrument practical test. */
  instrumentProficiencyCheck?: boolean;
  /** Dual training flown in preparation for the practical test (61.109(a)(4)). */
  practicalTestPreparation?: boolean;
  /** Departure then each landing; needed for the cross-country distances of 61.109(a). */
  route?: RoutePoint[];
};
