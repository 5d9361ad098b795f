import { checkDate, startOfCalendarMonth } from './calendar.ts';
import { distanceNm } from './cross-country.ts';
import type { LogbookEntry, RoutePoint } from './logbook-entry.ts';
import { cappedCredits, dual, isCrossCountry, isDeviceSession, requirement, routeNm, type Requirement, type Rule } from './progress.ts';

/**
 * Progress toward the aeronautical experience of 14 CFR 61.109(a), private pilot, airplane single-engine land.
 * The numbers follow the text of 61.109(a) and (k), read in published copies rather than eCFR
 * (packages/logbook/README.md "What the numbers were checked against"): check again when the rule changes. The 20
 * hours of training and 10 of solo are in single-engine airplanes, as is each item under them; only the 40 hours
 * total may be in any aircraft.
 */

const singleEngineLand = 'airplane single-engine land';
/** 61.109(a)(2)(i): a night cross-country of over 100 nm total distance. */
const nightCrossCountryNm = 100;
/** 61.109(a)(5)(ii): a solo cross-country of 150 nm total distance, three full-stop points, one leg over 50 nm. */
const longSoloNm = 150;
const longSoloPoints = 3;
const longSoloLegNm = 50;
/** 61.109(a)(4): test preparation within the preceding 2 calendar months from the month of the test. */
const testPreparationCalendarMonths = 2;
/**
 * 61.109(k)(1): at most 2.5 hours of training from an authorized instructor in a full flight simulator or flight
 * training device representing the category and class sought may be credited toward the training time of the
 * section. The FAA grants aviation training devices the same 2.5 hours by letter of authorization (AC 61-136), so
 * any device counts. The 5 hours of a part 142 training center course (61.109(k)(2)) are not counted.
 */
const deviceTrainingCap = { name: '61.109(k)(1)', hours: 2.5 };

/**
 * Distinct places landed at to a full stop (61.109(a)(5)(ii) "full-stop landings at three points"). Only landings
 * count: a departure counts when the flight lands back there, as it usually does.
 */
const fullStopPoints = (route: RoutePoint[]) => {
  const places = route.slice(1).filter((point) => point.fullStop);
  return new Set(places.map((point) => point.airport ?? `${point.latitude.toFixed(3)},${point.longitude.toFixed(3)}`)).size;
};
/** Whether a leg, take-off to the next landing, spans more than 50 nm in a straight line. */
const hasLongLeg = (route: RoutePoint[]) =>
  route.slice(1).some((point, index) => distanceNm(route[index] as RoutePoint, point) > longSoloLegNm);

const solo = (entry: LogbookEntry) => entry.soloHours ?? 0;

export type PrivatePilotProgressOptions = {
  /** The practical test's date; test preparation counts from the first day of the second calendar month before it. Without it, the as-of date. */
  testDate?: string;
  asOf: string;
};

/** Each requirement of 61.109(a) with what the logbook shows so far. */
export function privatePilotProgress(entries: LogbookEntry[], options: PrivatePilotProgressOptions): Requirement[] {
  const asOf = checkDate(options.asOf);
  const testDate = checkDate(options.testDate ?? asOf);
  const preparationFrom = startOfCalendarMonth(testDate, -testPreparationCalendarMonths);
  const logged = entries.filter((entry) => entry.date <= asOf);
  const flights = logged.filter((entry) => !isDeviceSession(entry));
  const inClass = flights.filter((entry) => entry.categoryClass === singleEngineLand);
  // 61.109(k)(1): instruction in a device representing a single-engine airplane, up to 2.5 hours, oldest first. It
  // counts toward the 40 hours and the 20 of training only: each item under them says "in a single-engine airplane".
  const deviceCredits = cappedCredits(
    logged.filter((entry) => isDeviceSession(entry) && entry.categoryClass === singleEngineLand),
    (entry) => Math.min(dual(entry), entry.simulatorHours ?? 0),
    () => [deviceTrainingCap],
  );
  const sessions = logged.filter((entry) => deviceCredits.has(entry.id));
  const deviceCredit = (entry: LogbookEntry) => deviceCredits.get(entry.id) ?? 0;
  const rules: [Rule, LogbookEntry[]][] = [
    // 61.109(a): 40 hours of flight time (any aircraft: the paragraph does not restrict the total).
    [
      {
        paragraph: '61.109(a)',
        label: 'Total flight time',
        required: 40,
        unit: 'hours',
        missingLabel: 'hours total',
        credit: (entry) => (isDeviceSession(entry) ? deviceCredit(entry) : entry.totalHours),
      },
      [...flights, ...sessions],
    ],
    [
      {
        paragraph: '61.109(a)',
        label: 'Flight training from an authorized instructor',
        required: 20,
        unit: 'hours',
        missingLabel: 'hours of dual',
        credit: (entry) => (isDeviceSession(entry) ? deviceCredit(entry) : dual(entry)),
      },
      [...inClass, ...sessions],
    ],
    [
      {
        paragraph: '61.109(a)(1)',
        label: 'Cross-country flight training',
        required: 3,
        unit: 'hours',
        missingLabel: 'hours of dual cross-country',
        credit: (entry) => (isCrossCountry(entry) ? Math.min(dual(entry), entry.crossCountryHours ?? 0) : 0),
      },
      inClass,
    ],
    [
      {
        paragraph: '61.109(a)(2)',
        label: 'Night flight training',
        required: 3,
        unit: 'hours',
        missingLabel: 'hours of dual night',
        credit: (entry) => Math.min(dual(entry), entry.nightHours ?? 0),
      },
      inClass,
    ],
    [
      {
        paragraph: '61.109(a)(2)(i)',
        label: 'Night cross-country of over 100 nm total distance',
        required: 1,
        unit: 'flights',
        missingLabel: 'night cross-countries over 100 nm',
        credit: (entry) =>
          dual(entry) > 0 &&
          (entry.nightHours ?? 0) > 0 &&
          isCrossCountry(entry) &&
          entry.route &&
          routeNm(entry.route) > nightCrossCountryNm
            ? 1
            : 0,
      },
      inClass,
    ],
    [
      {
        paragraph: '61.109(a)(2)(ii)',
        label: 'Night take-offs and full-stop landings',
        required: 10,
        unit: 'take-offs and full-stop landings',
        missingLabel: 'night take-offs and full-stop landings',
        credit: (entry) => (dual(entry) > 0 ? Math.min(entry.nightTakeoffs ?? 0, entry.nightFullStopLandings ?? 0) : 0),
      },
      inClass,
    ],
    // 61.109(a)(3) is flight training "in a single-engine airplane": device time does not count.
    [
      {
        paragraph: '61.109(a)(3)',
        label: 'Instrument training',
        required: 3,
        unit: 'hours',
        missingLabel: 'hours of instrument training',
        credit: (entry) => Math.min(dual(entry), entry.instrumentHours ?? 0),
      },
      inClass,
    ],
    [
      {
        paragraph: '61.109(a)(4)',
        label: 'Practical test preparation within 2 calendar months',
        required: 3,
        unit: 'hours',
        missingLabel: 'hours of test preparation',
        credit: (entry) => (entry.practicalTestPreparation && entry.date >= preparationFrom && entry.date <= testDate ? dual(entry) : 0),
      },
      inClass,
    ],
    [
      { paragraph: '61.109(a)(5)', label: 'Solo flight time', required: 10, unit: 'hours', missingLabel: 'hours solo', credit: solo },
      inClass,
    ],
    [
      {
        paragraph: '61.109(a)(5)(i)',
        label: 'Solo cross-country',
        required: 5,
        unit: 'hours',
        missingLabel: 'hours of solo cross-country',
        credit: (entry) => (isCrossCountry(entry) ? Math.min(solo(entry), entry.crossCountryHours ?? 0) : 0),
      },
      inClass,
    ],
    [
      {
        paragraph: '61.109(a)(5)(ii)',
        label: 'Solo cross-country of 150 nm, full-stop landings at 3 points, one leg over 50 nm',
        required: 1,
        unit: 'flights',
        missingLabel: 'long solo cross-countries',
        credit: (entry) =>
          solo(entry) > 0 &&
          entry.route &&
          routeNm(entry.route) >= longSoloNm &&
          fullStopPoints(entry.route) >= longSoloPoints &&
          hasLongLeg(entry.route)
            ? 1
            : 0,
      },
      inClass,
    ],
    [
      {
        paragraph: '61.109(a)(5)(iii)',
        label: 'Solo take-offs and full-stop landings at a towered airport',
        required: 3,
        unit: 'take-offs and full-stop landings',
        missingLabel: 'towered full-stop landings',
        credit: (entry) =>
          solo(entry) > 0 && entry.route ? entry.route.slice(1).filter((point) => point.fullStop && point.towered).length : 0,
      },
      inClass,
    ],
  ];
  return rules.map(([rule, counted]) => requirement(rule, counted));
}
