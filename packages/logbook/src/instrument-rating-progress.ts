import { checkDate, startOfCalendarMonth } from './calendar.ts';
import type { TrainingDevice } from '@skylog/contracts';
import type { LogbookEntry } from './logbook-entry.ts';
import {
  cappedCredits,
  dual,
  isCrossCountry,
  isDeviceSession,
  requirement,
  routeNm,
  type Cap,
  type Requirement,
  type Rule,
} from './progress.ts';

/**
 * Progress toward the aeronautical experience of 14 CFR 61.65(d), instrument rating, airplane, with the credit for
 * simulators and training devices of 61.65(h), (i) and (j). The numbers follow published copies of 61.65 and
 * reports of the 2016 rule that set (i) and (j), not eCFR itself (packages/logbook/README.md "What the numbers were
 * checked against"): check again when the rule changes.
 */

/** 61.65(d)(1): 50 hours of cross-country time as pilot in command, 10 of them in an airplane. */
const crossCountryPicHours = 50;
const crossCountryPicAirplaneHours = 10;
/** 61.65(d)(2): 40 hours of actual or simulated instrument time, 15 of them from an authorized instructor. */
const instrumentHours = 40;
const instrumentTrainingHours = 15;
/** 61.65(d)(2)(i): 3 hours of instrument training in an airplane within 2 calendar months before the test. */
const recentTrainingHours = 3;
const recentTrainingCalendarMonths = 2;
/** 61.65(d)(2)(ii)(A), (C): 250 nm, and three different kinds of approach. */
const ifrCrossCountryNm = 250;
const ifrCrossCountryApproachKinds = 3;

/**
 * Device credit toward the instrument time of 61.65(d)(2), when an authorized instructor provided it: (h)(2) at most
 * 20 hours in a full flight simulator or flight training device; (i) at most 20 in an advanced and 10 in a basic
 * aviation training device; (j) at most 20 in all devices together. A session whose device is unknown gets a basic
 * device's limit. The 30 hours of a part 142 training center course ((h)(1)) are not counted.
 */
const deviceCaps: Record<TrainingDevice, Cap[]> = {
  'full-flight-simulator': [{ name: '61.65(h)', hours: 20 }],
  'flight-training-device': [{ name: '61.65(h)', hours: 20 }],
  'advanced-aviation-training-device': [{ name: '61.65(i) advanced', hours: 20 }],
  'basic-aviation-training-device': [{ name: '61.65(i) basic', hours: 10 }],
};
const allDevicesCap: Cap = { name: '61.65(j)', hours: 20 };

const isAirplane = (entry: LogbookEntry) => entry.categoryClass.startsWith('airplane');
const instrument = (entry: LogbookEntry) => entry.instrumentHours ?? 0;
const instrumentTraining = (entry: LogbookEntry) => Math.min(dual(entry), instrument(entry));
const crossCountryPic = (entry: LogbookEntry) => (isCrossCountry(entry) ? Math.min(entry.picHours ?? 0, entry.crossCountryHours ?? 0) : 0);
/** "ILS", "ils " and "Ils" are one kind of approach. */
const approachKinds = (entry: LogbookEntry) =>
  new Set((entry.approachTypes ?? []).map((kind) => kind.trim().toUpperCase()).filter(Boolean)).size;

/**
 * 61.65(d)(2)(ii): a cross-country in an airplane with an authorized instructor, under IFR on a filed flight plan,
 * of 250 nm, with an instrument approach at each airport and three different kinds of approaches. The distance is
 * the route's legs in straight lines, never more than what was flown along airways or as ATC directed, so a flight
 * that counts here did fly 250 nm; one just over 250 nm along airways may need its route checked by hand. "An
 * approach at each airport" is read as at least as many approaches as landing points.
 */
const isIfrCrossCountry = (entry: LogbookEntry) => {
  const route = entry.route ?? [];
  const landingPoints = route.length - 1;
  return (
    entry.ifrFlightPlan === true &&
    dual(entry) > 0 &&
    isCrossCountry(entry) &&
    landingPoints > 0 &&
    routeNm(route) >= ifrCrossCountryNm &&
    Math.max(entry.approaches ?? 0, entry.approachTypes?.length ?? 0) >= landingPoints &&
    approachKinds(entry) >= ifrCrossCountryApproachKinds
  );
};

export type InstrumentRatingProgressOptions = {
  /** The practical test's date; recent training counts from the first day of the second calendar month before it. Without it, the as-of date. */
  testDate?: string;
  asOf: string;
};

/** Each requirement of 61.65(d) with what the logbook shows so far. */
export function instrumentRatingProgress(entries: LogbookEntry[], options: InstrumentRatingProgressOptions): Requirement[] {
  const asOf = checkDate(options.asOf);
  const testDate = checkDate(options.testDate ?? asOf);
  const recentFrom = startOfCalendarMonth(testDate, -recentTrainingCalendarMonths);
  const logged = entries.filter((entry) => entry.date <= asOf);
  const flights = logged.filter((entry) => !isDeviceSession(entry));
  const airplaneFlights = flights.filter(isAirplane);
  // 61.65(h)(2), (i)(2): device time counts only as provided by an authorized instructor, so it is instrument
  // training too, and counts toward the 15 hours as toward the 40, within the same limits.
  const deviceCredits = cappedCredits(
    logged.filter((entry) => isDeviceSession(entry) && isAirplane(entry)),
    (entry) => Math.min(instrumentTraining(entry), entry.simulatorHours ?? 0),
    (entry) => [...deviceCaps[entry.trainingDevice ?? 'basic-aviation-training-device'], allDevicesCap],
  );
  const sessions = logged.filter((entry) => deviceCredits.has(entry.id));
  const withDevice = (flightCredit: (entry: LogbookEntry) => number) => (entry: LogbookEntry) =>
    isDeviceSession(entry) ? (deviceCredits.get(entry.id) ?? 0) : flightCredit(entry);
  const rules: [Rule, LogbookEntry[]][] = [
    [
      {
        paragraph: '61.65(d)(1)',
        label: 'Cross-country time as pilot in command',
        required: crossCountryPicHours,
        unit: 'hours',
        missingLabel: 'hours of cross-country as pilot in command',
        credit: crossCountryPic,
      },
      flights,
    ],
    [
      {
        paragraph: '61.65(d)(1)',
        label: 'Cross-country time as pilot in command in an airplane',
        required: crossCountryPicAirplaneHours,
        unit: 'hours',
        missingLabel: 'hours of cross-country as pilot in command in an airplane',
        credit: crossCountryPic,
      },
      airplaneFlights,
    ],
    [
      {
        paragraph: '61.65(d)(2)',
        label: 'Actual or simulated instrument time',
        required: instrumentHours,
        unit: 'hours',
        missingLabel: 'hours of instrument time',
        credit: withDevice(instrument),
      },
      [...flights, ...sessions],
    ],
    [
      {
        paragraph: '61.65(d)(2)',
        label: 'Instrument training from an authorized instructor',
        required: instrumentTrainingHours,
        unit: 'hours',
        missingLabel: 'hours of instrument training',
        credit: withDevice(instrumentTraining),
      },
      [...flights, ...sessions],
    ],
    // (d)(2)(i) and (ii) are "in an airplane": device time does not count.
    [
      {
        paragraph: '61.65(d)(2)(i)',
        label: 'Instrument training in an airplane within 2 calendar months before the test',
        required: recentTrainingHours,
        unit: 'hours',
        missingLabel: 'hours of instrument training within 2 calendar months of the test',
        credit: (entry) => (entry.date >= recentFrom && entry.date <= testDate ? instrumentTraining(entry) : 0),
      },
      airplaneFlights,
    ],
    [
      {
        paragraph: '61.65(d)(2)(ii)',
        label: 'IFR cross-country with an instructor: 250 nm, an approach at each airport, three kinds of approach',
        required: 1,
        unit: 'flights',
        missingLabel: 'IFR cross-countries of 250 nm with three kinds of approach',
        credit: (entry) => (isIfrCrossCountry(entry) ? 1 : 0),
      },
      airplaneFlights,
    ],
  ];
  return rules.map(([rule, counted]) => requirement(rule, counted));
}
