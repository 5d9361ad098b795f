import type { LogbookEntry, RoutePoint } from './logbook-entry.ts';
import { distanceNm } from './cross-country.ts';

/** One requirement of a certificate's or rating's aeronautical experience, with what the logbook shows so far. */
export type Requirement = {
  /** The paragraph of 14 CFR it comes from, e.g. "61.109(a)(2)(ii)" or "61.65(d)(1)". */
  paragraph: string;
  label: string;
  required: number;
  done: number;
  unit: 'hours' | 'take-offs and full-stop landings' | 'flights';
  /** The ids of the entries that count toward it: flights, and simulator sessions where a rule credits them. */
  entries: string[];
  /** What is still missing, in words ("2 of 3 towered take-offs and full-stop landings"); null when met. */
  missing: string | null;
};

export type Rule = {
  paragraph: string;
  label: string;
  required: number;
  unit: Requirement['unit'];
  missingLabel: string;
  /** What the entry contributes (hours, landings or 1 flight); 0 when it does not count. */
  credit: (entry: LogbookEntry) => number;
};

/** Hours are logged to the tenth. */
const round = (hours: number) => Math.round(hours * 10) / 10;

export function requirement(rule: Rule, entries: LogbookEntry[]): Requirement {
  const counting = entries.map((entry) => ({ entry, credit: rule.credit(entry) })).filter(({ credit }) => credit > 0);
  const done = round(counting.reduce((total, { credit }) => total + credit, 0));
  const shown = Math.min(done, rule.required);
  return {
    paragraph: rule.paragraph,
    label: rule.label,
    required: rule.required,
    done,
    unit: rule.unit,
    entries: counting.map(({ entry }) => entry.id),
    missing: done >= rule.required ? null : `${shown} of ${rule.required} ${rule.missingLabel}`,
  };
}

/** A session in a simulator or training device rather than a flight (LogbookEntry.simulatorHours). */
export const isDeviceSession = (entry: LogbookEntry): boolean => (entry.simulatorHours ?? 0) > 0;

/** A limit on credited device time: every entry that names it shares its hours. */
export type Cap = { name: string; hours: number };

/**
 * Device time credited entry by entry, oldest first, each cut to what every cap it falls under has left: the
 * regulations limit how much device time may be credited, not which sessions. Keyed by entry id.
 */
export function cappedCredits(sessions: LogbookEntry[], amount: (entry: LogbookEntry) => number, capsOf: (entry: LogbookEntry) => Cap[]) {
  const used = new Map<string, number>();
  const credits = new Map<string, number>();
  for (const entry of [...sessions].sort((a, b) => a.date.localeCompare(b.date))) {
    const caps = capsOf(entry);
    // Rounded to a millionth so that 2.5 less 1.2 and 1.3 leaves nothing rather than a floating-point crumb.
    const left = caps.map((cap) => Number((cap.hours - (used.get(cap.name) ?? 0)).toFixed(6)));
    const credit = Math.min(amount(entry), ...left);
    if (credit <= 0) continue;
    for (const cap of caps) used.set(cap.name, (used.get(cap.name) ?? 0) + credit);
    credits.set(entry.id, credit);
  }
  return credits;
}

export const dual = (entry: LogbookEntry) => entry.dualReceivedHours ?? 0;
export const isCrossCountry = (entry: LogbookEntry) => (entry.crossCountryHours ?? 0) > 0;

/** Total distance of the route: the sum of its legs, departure to each landing in turn, in a straight line. */
export const routeNm = (route: RoutePoint[]) =>
  route.slice(1).reduce((total, point, index) => total + distanceNm(route[index] as RoutePoint, point), 0);
