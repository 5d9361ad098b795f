import { describe, expect, it } from 'vitest';
import { instrumentRatingProgress } from './instrument-rating-progress.ts';
import type { LogbookEntry, RoutePoint } from './logbook-entry.ts';
import type { Requirement } from './progress.ts';

const sel = 'airplane single-engine land';
// Spirit of St. Louis (KSUS), Columbia (KCOU, 74 nm west), Kansas City Downtown (KMKC, 112 nm west of KCOU and 186 nm
// from KSUS), Quincy (KUIN, 83 nm from KCOU and 81 nm from KSUS).
const ksus: RoutePoint = { latitude: 38.6621, longitude: -90.652, airport: 'KSUS', fullStop: true, towered: true };
const kcou: RoutePoint = { latitude: 38.8181, longitude: -92.2196, airport: 'KCOU', fullStop: true, towered: true };
const kmkc: RoutePoint = { latitude: 39.1232, longitude: -94.5928, airport: 'KMKC', fullStop: true, towered: true };
const kuin: RoutePoint = { latitude: 39.9427, longitude: -91.1944, airport: 'KUIN', fullStop: true, towered: true };

const flight = (id: string, date: string, hours: Partial<LogbookEntry>): LogbookEntry => ({
  id,
  date,
  categoryClass: sel,
  totalHours: 2,
  ...hours,
});
const session = (id: string, date: string, hours: number, device?: LogbookEntry['trainingDevice']): LogbookEntry => ({
  id,
  date,
  categoryClass: sel,
  totalHours: 0,
  simulatorHours: hours,
  dualReceivedHours: hours,
  instrumentHours: hours,
  ...(device ? { trainingDevice: device } : {}),
});

// The triangle KSUS, KCOU, KMKC, KSUS: about 372 nm, three airports, an approach at each.
const ifrTrip: LogbookEntry = flight('ifr-xc', '2024-05-20', {
  totalHours: 3.5,
  picHours: 3.5,
  dualReceivedHours: 3.5,
  crossCountryHours: 3.5,
  instrumentHours: 2.5,
  approaches: 3,
  approachTypes: ['ILS', 'RNAV (GPS)', 'ils'],
  ifrFlightPlan: true,
  route: [ksus, kcou, kmkc, ksus],
});

const student: LogbookEntry[] = [
  // As a student: a solo cross-country is PIC time; a dual one is not (61.51(e)(4), (h)(1)).
  flight('student-solo-xc', '2023-06-01', { totalHours: 3.2, picHours: 3.2, soloHours: 3.2, crossCountryHours: 3.2 }),
  flight('student-dual-xc', '2023-05-01', { dualReceivedHours: 2, crossCountryHours: 2 }),
  // After the private: four PIC cross-countries of 2 hours.
  ...['2023-09-01', '2023-10-01', '2023-11-01', '2023-12-01'].map((date, index) =>
    flight(`pic-xc-${index + 1}`, date, { picHours: 2, crossCountryHours: 2 }),
  ),
  // Five lessons with the instrument instructor, 1.5 hours under the hood each; the last in April.
  ...['2024-02-01', '2024-02-15', '2024-03-01', '2024-03-15', '2024-04-10'].map((date, index) =>
    flight(`ifr-lesson-${index + 1}`, date, { totalHours: 1.5, picHours: 1.5, dualReceivedHours: 1.5, instrumentHours: 1.5 }),
  ),
  // Two flights with a safety pilot: instrument time, not training.
  flight('safety-1', '2024-03-05', { picHours: 2, instrumentHours: 2 }),
  flight('safety-2', '2024-03-06', { picHours: 2, instrumentHours: 2 }),
  // Devices with the instructor: 12 hours in basic devices (one not named: taken as basic), of which 10 count;
  // 12 in an advanced one, of which 10 count before all devices reach 20; a flight training device after that.
  session('batd-1', '2024-01-05', 4, 'basic-aviation-training-device'),
  session('batd-2', '2024-01-06', 4),
  session('batd-3', '2024-01-07', 4, 'basic-aviation-training-device'),
  session('aatd-1', '2024-01-10', 6, 'advanced-aviation-training-device'),
  session('aatd-2', '2024-01-11', 6, 'advanced-aviation-training-device'),
  session('ftd-1', '2024-01-12', 2, 'flight-training-device'),
  // A device session in May, within 2 calendar months of the June test: (d)(2)(i) is "in an airplane".
  session('aatd-recent', '2024-05-02', 2, 'advanced-aviation-training-device'),
  ifrTrip,
];

const progressOf = (entries: LogbookEntry[]) => instrumentRatingProgress(entries, { asOf: '2024-05-31', testDate: '2024-06-15' });
const find = (progress: Requirement[], paragraph: string, label?: RegExp) => {
  const found = progress.find((requirement) => requirement.paragraph === paragraph && (!label || label.test(requirement.label)));
  if (!found) throw new Error(`no requirement ${paragraph}`);
  return found;
};

describe('instrumentRatingProgress (14 CFR 61.65(d), airplane)', () => {
  const progress = progressOf(student);

  it('lists each requirement of the paragraph with its number', () => {
    expect(progress.map((requirement) => [requirement.paragraph, requirement.required, requirement.unit])).toEqual([
      ['61.65(d)(1)', 50, 'hours'],
      ['61.65(d)(1)', 10, 'hours'],
      ['61.65(d)(2)', 40, 'hours'],
      ['61.65(d)(2)', 15, 'hours'],
      ['61.65(d)(2)(i)', 3, 'hours'],
      ['61.65(d)(2)(ii)', 1, 'flights'],
    ]);
  });

  it('counts cross-country time as pilot in command only, a student’s solo included', () => {
    const all = find(progress, '61.65(d)(1)', /command$/);
    expect(all).toMatchObject({ done: 14.7, missing: '14.7 of 50 hours of cross-country as pilot in command' });
    expect(all.entries).toEqual(['student-solo-xc', 'pic-xc-1', 'pic-xc-2', 'pic-xc-3', 'pic-xc-4', 'ifr-xc']);
    expect(find(progress, '61.65(d)(1)', /airplane/)).toMatchObject({ done: 14.7, missing: null });
  });

  it('credits at most 10 hours of basic training devices and 20 of all devices toward instrument time (61.65(i), (j))', () => {
    // Flights: 7.5 with the instructor, 4 with a safety pilot, 2.5 on the IFR trip; devices: 20.
    const time = find(progress, '61.65(d)(2)', /simulated/);
    expect(time).toMatchObject({ done: 34, missing: '34 of 40 hours of instrument time' });
    expect(time.entries.filter((id) => /atd|ftd/.test(id))).toEqual(['batd-1', 'batd-2', 'batd-3', 'aatd-1', 'aatd-2']);
    // Device time is given by an instructor (61.65(h)(2), (i)(2)): it counts toward the 15 hours of training too.
    expect(find(progress, '61.65(d)(2)', /instructor/)).toMatchObject({ done: 30, missing: null });
  });

  it('counts recent instrument training in an airplane only, from the second calendar month before the test', () => {
    expect(find(progress, '61.65(d)(2)(i)')).toMatchObject({
      done: 4,
      entries: ['ifr-lesson-5', 'ifr-xc'],
      missing: null,
    });
    const without = progressOf(student.filter((entry) => entry.id !== 'ifr-xc'));
    expect(find(without, '61.65(d)(2)(i)').missing).toBe('1.5 of 3 hours of instrument training within 2 calendar months of the test');
  });

  it('does not take the IFR cross-country with only two kinds of approach', () => {
    expect(find(progress, '61.65(d)(2)(ii)')).toMatchObject({
      done: 0,
      entries: [],
      missing: '0 of 1 IFR cross-countries of 250 nm with three kinds of approach',
    });
  });

  it('takes the IFR cross-country of 250 nm with an approach at each airport and three kinds', () => {
    const threeKinds = { ...ifrTrip, approachTypes: ['ILS', 'RNAV (GPS)', 'VOR'] };
    expect(find(progressOf([threeKinds]), '61.65(d)(2)(ii)')).toMatchObject({ done: 1, entries: ['ifr-xc'], missing: null });
    // Not without a flight plan, nor with fewer approaches than airports, nor short of 250 nm.
    for (const missed of [
      { ...threeKinds, ifrFlightPlan: false },
      { ...threeKinds, approaches: 2, approachTypes: ['ILS', 'VOR'] },
      // KSUS, KCOU, KUIN, KSUS: three airports, but 238 nm.
      { ...threeKinds, route: [ksus, kcou, kuin, ksus] },
    ]) {
      expect(find(progressOf([missed]), '61.65(d)(2)(ii)').done).toBe(0);
    }
  });

  it('credits basic devices exactly up to their 10 hours, and nothing past it', () => {
    const atCap = [
      session('b-1', '2024-01-01', 6, 'basic-aviation-training-device'),
      session('b-2', '2024-01-02', 4, 'basic-aviation-training-device'),
    ];
    expect(find(progressOf(atCap), '61.65(d)(2)', /simulated/)).toMatchObject({
      done: 10,
      entries: ['b-1', 'b-2'],
      missing: '10 of 40 hours of instrument time',
    });
    const past = [...atCap, session('b-3', '2024-01-03', 1.5)];
    expect(find(progressOf(past), '61.65(d)(2)', /simulated/)).toMatchObject({ done: 10, entries: ['b-1', 'b-2'] });
  });

  it('does not credit device time without an instructor', () => {
    const alone = { ...session('alone', '2024-01-01', 2, 'advanced-aviation-training-device'), dualReceivedHours: 0 };
    expect(find(progressOf([alone]), '61.65(d)(2)', /simulated/)).toMatchObject({ done: 0, entries: [] });
  });
});
