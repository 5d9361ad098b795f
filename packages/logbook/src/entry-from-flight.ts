import type { AircraftCategory, CategoryClassName, FlightAnalysis, LogbookFields, LogbookRoutePoint } from '@skylog/contracts';
import { crossCountry, type Place } from './cross-country.ts';
import { flightTimes, type PilotRole, type Seat } from './flight-times.ts';
import { isNightForCurrency, nightTimeMs, type TimedPosition } from './night.ts';

/**
 * What a flight's own recording says of one pilot's logbook entry (14 CFR 61.51(b)): the fields a track can tell.
 * Instrument time, approaches and holds cannot be seen in a GPS track and are left to the pilot.
 */

/** The class a fleet's category is flown in when nothing more is known: training airplanes are single-engine land. */
export const categoryClassOf: Record<AircraftCategory, CategoryClassName> = {
  airplane: 'airplane single-engine land',
  helicopter: 'rotorcraft helicopter',
  gyroplane: 'rotorcraft gyroplane',
  glider: 'glider',
  lighter_than_air: 'lighter-than-air balloon',
  powered_lift: 'powered-lift',
  powered_parachute: 'powered parachute',
  weight_shift_control: 'weight-shift-control',
};

export type FlightEvent = { time: number; latitude: number; longitude: number };
export type FlightLanding = FlightEvent & { fullStop: boolean };

export type FlightForLogbook = {
  /** The recording's first and last fix (block time), epoch ms; null when the flight has no times. */
  beginTime: number | null;
  endTime: number | null;
  points: TimedPosition[];
  /** Each lift-off (touch-and-goes' included) and each touchdown, as the analysis found them. */
  takeoffs: FlightEvent[];
  landings: FlightLanding[];
  aircraft: { makeModel: string | null; identification: string | null; categoryClass: CategoryClassName };
  role: PilotRole;
  seat: Seat;
  /** Someone is in the other pilot seat. */
  otherSeatOccupied: boolean;
  /** The identifier of the airport at a place (from the offline airport data), null away from any. */
  airportAt: (place: Place) => string | null;
};

/** A flight analysis's take-offs and touchdowns as an entry reads them; none before the flight is analysed. */
export function eventsOfAnalysis(
  analysis: Pick<FlightAnalysis, 'takeoffs' | 'landings'> | null | undefined,
): Pick<FlightForLogbook, 'takeoffs' | 'landings'> {
  return {
    takeoffs: analysis?.takeoffs ?? [],
    landings: (analysis?.landings ?? []).map((landing) => ({
      time: landing.touchdown_time,
      latitude: landing.latitude,
      longitude: landing.longitude,
      fullStop: landing.kind === 'full_stop',
    })),
  };
}

/** The track-filled part of an entry: exactly the fields of contracts' `logbookTrackFields`. */
export type TrackValues = Pick<
  LogbookFields,
  | 'date'
  | 'aircraft_make_model'
  | 'aircraft_identification'
  | 'category_class'
  | 'route'
  | 'takeoff_at'
  | 'landing_at'
  | 'block_hours'
  | 'total_hours'
  | 'pic_hours'
  | 'solo_hours'
  | 'dual_received_hours'
  | 'dual_given_hours'
  | 'cross_country_hours'
  | 'night_hours'
  | 'day_takeoffs'
  | 'night_takeoffs'
  | 'day_full_stop_landings'
  | 'night_full_stop_landings'
  | 'landings'
>;

const hourMs = 3_600_000;
/** Logbooks are kept in tenths of an hour. */
export const toTenths = (ms: number) => Math.round(ms / (hourMs / 10)) / 10;

/**
 * The date a pilot writes for a flight: the day at the departure point by its mean solar time (longitude / 15°
 * hours from UTC). It is within an hour or two of the civil zone everywhere, which moves only flights that leave
 * around midnight; the pilot corrects those.
 */
export function localDateAt(time: number, longitude: number): string {
  return new Date(time + (longitude / 15) * hourMs).toISOString().slice(0, 10);
}

const isoOrNull = (time: number | undefined) => (time === undefined ? null : new Date(time).toISOString());

/**
 * An entry's values from the flight. Flight time runs from the first lift-off to the last touchdown (the recording
 * ending in the air: to its end); when the analysis found neither, it is the block time. Night time by 14 CFR 1.1,
 * night take-offs and landings by 61.57(b), cross-country by 61.1(b)(3)(ii), and the seat's times by 61.51.
 */
export function entryFromFlight(flight: FlightForLogbook): TrackValues {
  const firstTakeoff = flight.takeoffs[0];
  const lastTakeoff = flight.takeoffs.at(-1);
  const lastLanding = flight.landings.at(-1);
  const from = firstTakeoff?.time ?? flight.beginTime ?? flight.points[0]?.time ?? 0;
  // A recording that ends airborne (after its last take-off) is flight time to its end.
  const endsAirborne = lastTakeoff !== undefined && (lastLanding === undefined || lastLanding.time < lastTakeoff.time);
  const to = endsAirborne || lastLanding === undefined ? (flight.endTime ?? flight.points.at(-1)?.time ?? from) : lastLanding.time;
  const totalHours = toTenths(Math.max(0, to - from));
  const blockHours = flight.beginTime !== null && flight.endTime !== null ? toTenths(Math.max(0, flight.endTime - flight.beginTime)) : null;

  const departure: Place | undefined = firstTakeoff ?? flight.points[0];
  const route: LogbookRoutePoint[] = [
    ...(departure ? [{ airport: flight.airportAt(departure), latitude: departure.latitude, longitude: departure.longitude, full_stop: true, towered: false }] : []),
    ...flight.landings.map((landing) => ({
      airport: flight.airportAt(landing),
      latitude: landing.latitude,
      longitude: landing.longitude,
      full_stop: landing.fullStop,
      towered: false,
    })),
  ];
  const isCrossCountry = departure !== undefined && crossCountry(departure, flight.landings).isCrossCountry;
  const times = flightTimes({ totalHours, role: flight.role, seat: flight.seat, otherSeatOccupied: flight.otherSeatOccupied });
  const nightTakeoffs = flight.takeoffs.filter(isNightForCurrency).length;
  const fullStops = flight.landings.filter((landing) => landing.fullStop);
  const nightFullStops = fullStops.filter(isNightForCurrency).length;

  return {
    date: localDateAt(from, departure?.longitude ?? 0),
    aircraft_make_model: flight.aircraft.makeModel,
    aircraft_identification: flight.aircraft.identification,
    category_class: flight.aircraft.categoryClass,
    route,
    takeoff_at: isoOrNull(firstTakeoff?.time),
    landing_at: isoOrNull(endsAirborne ? undefined : lastLanding?.time),
    block_hours: blockHours,
    total_hours: totalHours,
    pic_hours: times.pic,
    solo_hours: times.solo,
    dual_received_hours: times.dualReceived,
    dual_given_hours: times.dualGiven,
    cross_country_hours: isCrossCountry ? totalHours : 0,
    night_hours: Math.min(totalHours, toTenths(nightTimeMs(flight.points, { from, to }))),
    day_takeoffs: flight.takeoffs.length - nightTakeoffs,
    night_takeoffs: nightTakeoffs,
    day_full_stop_landings: fullStops.length - nightFullStops,
    night_full_stop_landings: nightFullStops,
    landings: flight.landings.length,
  };
}

/** An entry's fields before anything is known: nothing flown, nothing typed. */
export function emptyLogbookFields(date: string, categoryClass: CategoryClassName): LogbookFields {
  return {
    date,
    aircraft_make_model: null,
    aircraft_identification: null,
    category_class: categoryClass,
    tailwheel: false,
    route: [],
    takeoff_at: null,
    landing_at: null,
    block_hours: null,
    total_hours: 0,
    pic_hours: 0,
    sic_hours: 0,
    solo_hours: 0,
    dual_received_hours: 0,
    dual_given_hours: 0,
    cross_country_hours: 0,
    night_hours: 0,
    actual_instrument_hours: 0,
    simulated_instrument_hours: 0,
    safety_pilot: null,
    simulator_hours: 0,
    training_device: null,
    day_takeoffs: 0,
    night_takeoffs: 0,
    day_full_stop_landings: 0,
    night_full_stop_landings: 0,
    landings: 0,
    approaches: 0,
    approach_types: null,
    holds: 0,
    course_tracking: false,
    ifr_flight_plan: false,
    flight_review: false,
    instrument_proficiency_check: false,
    practical_test_preparation: false,
    remarks: null,
  };
}
