import { describe, expect, it } from 'vitest';
import type { LogbookEntry, RoutePoint } from './logbook-entry.ts';
import { privatePilotProgress } from './private-pilot-progress.ts';

const sel = 'airplane single-engine land';
// Spirit of St. Louis (KSUS, towered), Columbia (KCOU, towered, 74 nm west), Quincy (KUIN, 83 nm north-east of KCOU
// and 81 nm from KSUS), Washington (KFYG, untowered, 17 nm).
const ksus: RoutePoint = { latitude: 38.6621, longitude: -90.652, airport: 'KSUS', fullStop: true, towered: true };
const kcou: RoutePoint = { latitude: 38.8181, longitude: -92.2196, airport: 'KCOU', fullStop: true, towered: true };
const kuin: RoutePoint = { latitude: 39.9427, longitude: -91.1944, airport: 'KUIN', fullStop: true, towered: true };
const kfyg: RoutePoint = { latitude: 38.5876, longitude: -90.9938, airport: 'KFYG', fullStop: true, towered: false };

const entries: LogbookEntry[] = [
  // Ten dual lessons of 1.5 h: 15 h of dual, one of them at night with 4 night take-offs and full-stop landings.
  ...Array.from({ length: 10 }, (_, index): LogbookEntry => ({
    id: `dual-${index + 1}`,
    date: `2024-0${1 + Math.floor(index / 4)}-${String(10 + index).padStart(2, '0')}`,
    categoryClass: sel,
    totalHours: 1.5,
    dualReceivedHours: 1.5,
    instrumentHours: index < 2 ? 0.5 : 0,
    ...(index === 9 ? { nightHours: 1.5, nightTakeoffs: 4, nightFullStopLandings: 4 } : {}),
    route: [ksus, kfyg, ksus],
  })),
  // A dual cross-country to Columbia and back: 2 h cross-country, 74 nm each way.
  {
    id: 'dual-xc',
    date: '2024-04-02',
    categoryClass: sel,
    totalHours: 2,
    dualReceivedHours: 2,
    crossCountryHours: 2,
    route: [ksus, kcou, ksus],
  },
  // Solo in the pattern at a towered field: 2 take-offs and full-stop landings.
  { id: 'solo-1', date: '2024-04-10', categoryClass: sel, totalHours: 1, soloHours: 1, route: [ksus, ksus, ksus] },
  // The long solo cross-country: KSUS, KCOU, KUIN, KSUS, about 238 nm, three full-stop points, legs over 50 nm.
  {
    id: 'solo-long-xc',
    date: '2024-04-20',
    categoryClass: sel,
    totalHours: 3.2,
    soloHours: 3.2,
    crossCountryHours: 3.2,
    route: [ksus, kcou, kuin, ksus],
  },
  // Test preparation in April and in January: only April is within 2 calendar months of a June test.
  { id: 'prep-old', date: '2024-01-02', categoryClass: sel, totalHours: 1, dualReceivedHours: 1, practicalTestPreparation: true },
  { id: 'prep', date: '2024-04-25', categoryClass: sel, totalHours: 1.2, dualReceivedHours: 1.2, practicalTestPreparation: true },
  // A multi-engine flight counts toward the total only: the 20 hours of training are in a single-engine airplane.
  { id: 'multi', date: '2024-04-26', categoryClass: 'airplane multiengine land', totalHours: 1, dualReceivedHours: 1 },
];

describe('privatePilotProgress (14 CFR 61.109(a))', () => {
  const progress = privatePilotProgress(entries, { asOf: '2024-05-01', testDate: '2024-06-10' });
  const byParagraph = (paragraph: string, label?: RegExp) => {
    const found = progress.find((requirement) => requirement.paragraph === paragraph && (!label || label.test(requirement.label)));
    if (!found) throw new Error(`no requirement ${paragraph}`);
    return found;
  };

  it('lists each requirement of the paragraph with its number', () => {
    expect(progress.map((requirement) => [requirement.paragraph, requirement.required, requirement.unit])).toEqual([
      ['61.109(a)', 40, 'hours'],
      ['61.109(a)', 20, 'hours'],
      ['61.109(a)(1)', 3, 'hours'],
      ['61.109(a)(2)', 3, 'hours'],
      ['61.109(a)(2)(i)', 1, 'flights'],
      ['61.109(a)(2)(ii)', 10, 'take-offs and full-stop landings'],
      ['61.109(a)(3)', 3, 'hours'],
      ['61.109(a)(4)', 3, 'hours'],
      ['61.109(a)(5)', 10, 'hours'],
      ['61.109(a)(5)(i)', 5, 'hours'],
      ['61.109(a)(5)(ii)', 1, 'flights'],
      ['61.109(a)(5)(iii)', 3, 'take-offs and full-stop landings'],
    ]);
  });

  it('sums the hours and names the flights that count', () => {
    expect(byParagraph('61.109(a)', /Total/)).toMatchObject({ done: 24.4, missing: '24.4 of 40 hours total' });
    expect(byParagraph('61.109(a)', /instructor/)).toMatchObject({ done: 19.2, missing: '19.2 of 20 hours of dual' });
    expect(byParagraph('61.109(a)(1)')).toMatchObject({ done: 2, entries: ['dual-xc'], missing: '2 of 3 hours of dual cross-country' });
    expect(byParagraph('61.109(a)(2)')).toMatchObject({ done: 1.5, entries: ['dual-10'] });
    expect(byParagraph('61.109(a)(3)')).toMatchObject({ done: 1, entries: ['dual-1', 'dual-2'] });
  });

  it('counts the night take-offs and full-stop landings, and no night cross-country yet', () => {
    expect(byParagraph('61.109(a)(2)(ii)')).toMatchObject({ done: 4, missing: '4 of 10 night take-offs and full-stop landings' });
    expect(byParagraph('61.109(a)(2)(i)')).toMatchObject({ done: 0, entries: [], missing: '0 of 1 night cross-countries over 100 nm' });
  });

  it('counts test preparation only within 2 calendar months before the test’s month', () => {
    expect(byParagraph('61.109(a)(4)')).toMatchObject({ done: 1.2, entries: ['prep'] });
  });

  it('finds the long solo cross-country and counts towered full-stop landings', () => {
    expect(byParagraph('61.109(a)(5)')).toMatchObject({ done: 4.2 });
    expect(byParagraph('61.109(a)(5)(i)')).toMatchObject({ done: 3.2, entries: ['solo-long-xc'] });
    expect(byParagraph('61.109(a)(5)(ii)')).toMatchObject({ done: 1, entries: ['solo-long-xc'], missing: null });
    // Two in the pattern at KSUS and three on the long cross-country: more than the three needed.
    expect(byParagraph('61.109(a)(5)(iii)')).toMatchObject({ done: 5, missing: null });
  });

  it('says what is missing in words', () => {
    const onlyPattern = privatePilotProgress([entries[11] as LogbookEntry], { asOf: '2024-05-01' });
    expect(onlyPattern.find((requirement) => requirement.paragraph === '61.109(a)(5)(iii)')?.missing).toBe(
      '2 of 3 towered full-stop landings',
    );
  });

  it('does not take a solo trip without three full-stop points as the long cross-country', () => {
    const touchAndGo = { ...kcou, fullStop: false };
    const short = privatePilotProgress([{ ...(entries[12] as LogbookEntry), route: [ksus, touchAndGo, kuin, ksus] }], {
      asOf: '2024-05-01',
    });
    expect(short.find((requirement) => requirement.paragraph === '61.109(a)(5)(ii)')?.done).toBe(0);
  });
});

describe('privatePilotProgress with simulator training (14 CFR 61.109(k)(1))', () => {
  const device = (id: string, date: string, hours: number, more: Partial<LogbookEntry> = {}): LogbookEntry => ({
    id,
    date,
    categoryClass: sel,
    totalHours: hours,
    simulatorHours: hours,
    dualReceivedHours: hours,
    ...more,
  });
  const find = (entries: LogbookEntry[], paragraph: string, label?: RegExp) =>
    privatePilotProgress(entries, { asOf: '2024-05-01' }).find(
      (requirement) => requirement.paragraph === paragraph && (!label || label.test(requirement.label)),
    );

  it('credits instruction in a device toward the 40 hours and the 20 of training, 2.5 hours at most', () => {
    const sessions = [device('sim-1', '2024-01-02', 1), device('sim-2', '2024-01-03', 1), device('sim-3', '2024-01-04', 1)];
    expect(find(sessions, '61.109(a)', /Total/)).toMatchObject({
      done: 2.5,
      entries: ['sim-1', 'sim-2', 'sim-3'],
      missing: '2.5 of 40 hours total',
    });
    expect(find(sessions, '61.109(a)', /instructor/)).toMatchObject({ done: 2.5, missing: '2.5 of 20 hours of dual' });
    // Beside flights, the flights count in full.
    expect(find([...entries, ...sessions], '61.109(a)', /Total/)?.done).toBe(26.9);
  });

  it('credits exactly 2.5 hours, and no session after them', () => {
    const atCap = [device('sim-a', '2024-01-02', 1.2), device('sim-b', '2024-01-03', 1.3)];
    expect(find(atCap, '61.109(a)', /instructor/)).toMatchObject({ done: 2.5, entries: ['sim-a', 'sim-b'] });
    const after = [...atCap, device('sim-c', '2024-01-04', 0.8)];
    expect(find(after, '61.109(a)', /instructor/)).toMatchObject({ done: 2.5, entries: ['sim-a', 'sim-b'] });
  });

  it('counts device time toward no item that says "in a single-engine airplane", nor solo, nor without an instructor', () => {
    const session = device('sim-night', '2024-01-02', 2, {
      nightHours: 2,
      instrumentHours: 2,
      crossCountryHours: 2,
      nightTakeoffs: 5,
      nightFullStopLandings: 5,
    });
    for (const paragraph of ['61.109(a)(1)', '61.109(a)(2)', '61.109(a)(2)(ii)', '61.109(a)(3)']) {
      expect(find([session], paragraph)).toMatchObject({ done: 0, entries: [] });
    }
    const alone = device('sim-alone', '2024-01-02', 2, { dualReceivedHours: 0, soloHours: 2 });
    expect(find([alone], '61.109(a)', /Total/)).toMatchObject({ done: 0, entries: [] });
    expect(find([alone], '61.109(a)(5)')).toMatchObject({ done: 0, entries: [] });
  });
});
