import type { LogbookFields } from '@skylog/contracts';
import type { LogbookEntry, RoutePoint } from './logbook-entry.ts';

/** The approaches' kinds as typed ("ILS 26L, RNAV (GPS) 8; VOR-A"): one per comma, semicolon or line. */
const approachTypesOf = (text: string | null): string[] =>
  (text ?? '')
    .split(/[,;\n]/)
    .map((kind) => kind.trim())
    .filter(Boolean);

/**
 * A stored entry as the currency and progress rules read it. Route points without a position (typed or imported
 * by airport identifier only) are left out: the distances of 61.109(a) cannot be measured from them.
 */
export function ruleEntry(id: string, fields: LogbookFields): LogbookEntry {
  const route = fields.route.flatMap((point): RoutePoint[] =>
    point.latitude === null || point.longitude === null
      ? []
      : [{ latitude: point.latitude, longitude: point.longitude, fullStop: point.full_stop, towered: point.towered, ...(point.airport ? { airport: point.airport } : {}) }],
  );
  return {
    id,
    date: fields.date,
    categoryClass: fields.category_class,
    tailwheel: fields.tailwheel,
    totalHours: fields.total_hours,
    picHours: fields.pic_hours,
    dualReceivedHours: fields.dual_received_hours,
    soloHours: fields.solo_hours,
    crossCountryHours: fields.cross_country_hours,
    nightHours: fields.night_hours,
    instrumentHours: fields.actual_instrument_hours + fields.simulated_instrument_hours,
    dayTakeoffs: fields.day_takeoffs,
    nightTakeoffs: fields.night_takeoffs,
    landings: fields.landings,
    dayFullStopLandings: fields.day_full_stop_landings,
    nightFullStopLandings: fields.night_full_stop_landings,
    approaches: fields.approaches,
    approachTypes: approachTypesOf(fields.approach_types),
    holds: fields.holds,
    courseTracking: fields.course_tracking,
    flightReview: fields.flight_review,
    instrumentProficiencyCheck: fields.instrument_proficiency_check,
    practicalTestPreparation: fields.practical_test_preparation,
    simulatorHours: fields.simulator_hours,
    ...(fields.training_device ? { trainingDevice: fields.training_device } : {}),
    ifrFlightPlan: fields.ifr_flight_plan,
    route,
  };
}
