import {
  currencyTexts,
  dayIn,
  endorsementTemplates,
  type CurrencyRuleName,
  type CurrencyStatus,
  type LogbookSummary,
  type ProgressRequirement,
  type Rating,
} from '@skylog/contracts';
import {
  dayPassengerCurrency,
  flightReviewCurrency,
  instrumentCurrency,
  instrumentRatingProgress,
  nightPassengerCurrency,
  privatePilotProgress,
  ruleEntry,
  type Currency,
  type LogbookEntry as RuleEntry,
  type Requirement,
} from '@skylog/logbook';
import { logbookRights, requireLogbook } from '../../access/access.ts';
import { findStudentIdsOf } from '../../access/access.repository.ts';
import type { Executor } from '../../db/client.ts';
import type { AppContext } from '../../lib/app-context.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import { awaitsSignature, latestSignatures, pilotOf, totalsOf } from './entry-view.ts';
import * as repository from './logbook.repository.ts';
import type { EndorsementRow } from './logbook.repository.ts';

/**
 * What a pilot's logbook adds up to (docs/product.md "Logbook"): totals, currency with the day each lapses
 * (14 CFR 61.56, 61.57), the solo endorsement in force, and progress toward the certificate (61.109(a), 61.65(d)).
 */

const today = () => dayIn(new Date(), 'UTC');

const asCurrency = (name: CurrencyRuleName, currency: Currency, suffix = ''): CurrencyStatus => ({
  rule: currency.rule,
  label: `${currencyTexts[name].label}${suffix}`,
  current: currency.current,
  current_through: currency.currentThrough,
  lapses_on: currency.lapsesOn,
  lapsing_soon: currency.lapsingSoon,
  explanation: currencyTexts[name].explanation,
});

/**
 * The currencies a pilot's logbook speaks to: passengers day and night in each category and class flown (tailwheel
 * apart, 61.57(a)(1)(ii)), instrument once an approach or a check is logged, and the flight review for a certificated
 * pilot or one logged (61.56(g) spares a student pilot with a solo endorsement).
 */
export function currenciesOf(entries: RuleEntry[], userType: string, asOf: string): CurrencyStatus[] {
  // Landings in a simulator session do not carry passengers (61.57(a)(1) asks for them in an aircraft, or an
  // approved simulator used under a training program this logbook does not know of).
  const flights = entries.filter((entry) => !((entry.simulatorHours ?? 0) > 0));
  const flown = [...new Set([...flights].reverse().filter((entry) => (entry.landings ?? 0) > 0).map((entry) => entry.categoryClass))];
  const list: CurrencyStatus[] = [];
  for (const categoryClass of flown) {
    const suffix = flown.length > 1 ? ` (${categoryClass})` : '';
    list.push(asCurrency('61.57(a)', dayPassengerCurrency(flights, { asOf, categoryClass }), suffix));
    list.push(asCurrency('61.57(b)', nightPassengerCurrency(flights, { asOf, categoryClass }), suffix));
    if (flights.some((entry) => entry.categoryClass === categoryClass && entry.tailwheel))
      list.push(asCurrency('61.57(a) tailwheel', dayPassengerCurrency(flights, { asOf, categoryClass, tailwheel: true }), suffix));
  }
  if (entries.some((entry) => (entry.approaches ?? 0) > 0 || entry.instrumentProficiencyCheck)) list.push(asCurrency('61.57(c)', instrumentCurrency(entries, { asOf })));
  if (userType !== 'student' || entries.some((entry) => entry.flightReview)) list.push(asCurrency('61.56', flightReviewCurrency(entries, { asOf })));
  return list;
}

/** The solo endorsement in force or last given (61.87(n), (p)): good through its expiry. */
export function soloEndorsementOf(endorsements: readonly EndorsementRow[], asOf: string): LogbookSummary['solo_endorsement'] {
  const latest = endorsements.filter((endorsement) => endorsementTemplates[endorsement.kind].solo).sort((a, b) => b.signedAt.getTime() - a.signedAt.getTime())[0];
  if (!latest) return null;
  return { endorsement_id: latest.id, expires_on: latest.expiresOn, current: latest.expiresOn === null || asOf <= latest.expiresOn };
}

const asProgress = (requirement: Requirement): ProgressRequirement => ({
  paragraph: requirement.paragraph,
  label: requirement.label,
  required: requirement.required,
  done: requirement.done,
  unit: requirement.unit,
  entries: requirement.entries,
  missing: requirement.missing,
});

const asProgressBars = (certificate: string, regulation: string, requirements: Requirement[]) => ({
  certificate,
  regulation,
  met: requirements.every((requirement) => requirement.missing === null),
  requirements: requirements.map(asProgress),
});

/**
 * The certificates a pilot's logbook counts toward: a student the private pilot certificate (61.109(a)); anyone
 * without an instrument rating who has logged instrument time, the instrument rating (61.65(d)).
 */
function progressOf(rules: RuleEntry[], user: { userType: string; certifications: string[] }, asOf: string): LogbookSummary['progress'] {
  const progress: LogbookSummary['progress'] = [];
  if (user.userType === 'student')
    progress.push(asProgressBars('Private pilot, airplane single-engine land', '14 CFR 61.109(a)', privatePilotProgress(rules, { asOf })));
  const isInstrumentRated = user.certifications.includes('Instrument Rating' satisfies Rating);
  if (!isInstrumentRated && rules.some((entry) => (entry.instrumentHours ?? 0) > 0))
    progress.push(asProgressBars('Instrument rating, airplane', '14 CFR 61.65(d)', instrumentRatingProgress(rules, { asOf })));
  return progress;
}

/**
 * A pilot's currency as of a day and the endorsements they were given (newest first), read from their logbook: what
 * an instructor taking a student over needs of it (the hand-off brief). The caller decided the reader may have them.
 */
export async function currencyAndEndorsementsOf(db: Executor, pilot: { skylogId: string; userType: string }, asOf: string) {
  const [entries, endorsements] = await Promise.all([repository.listEntriesOf(db, [pilot.skylogId]), repository.listEndorsementsOf(db, [pilot.skylogId])]);
  return {
    currency: currenciesOf(
      entries.map((entry) => ruleEntry(entry.id, entry.fields)),
      pilot.userType,
      asOf,
    ),
    endorsements,
  };
}

/** A person's totals, currency with the day each lapses, solo endorsement, and progress toward the certificate. */
export async function getSummary(ctx: AppContext, scope: RequestScope, pilotId: string, asOfDay?: string): Promise<LogbookSummary> {
  const { user } = await requireLogbook(ctx, scope.actor, pilotId, 'read', scope);
  const [entries, endorsements, rights] = await Promise.all([
    repository.listEntriesOf(ctx.db, [pilotId]),
    repository.listEndorsementsOf(ctx.db, [pilotId]),
    logbookRights(ctx, scope.actor, user),
  ]);
  const asOf = asOfDay ?? today();
  const rules = entries.map((entry) => ruleEntry(entry.id, entry.fields));
  return {
    pilot: pilotOf(user),
    can_edit: rights.canEdit,
    as_of: asOf,
    totals: totalsOf(entries),
    currency: currenciesOf(rules, user.userType, asOf),
    solo_endorsement: soloEndorsementOf(endorsements, asOf),
    progress: progressOf(rules, user, asOf),
  };
}

/**
 * An instructor's students with the day each currency lapses and their solo endorsement: the instructor's own view,
 * or an administrator's of one of their instructors.
 */
export async function getStudentsCurrency(ctx: AppContext, scope: RequestScope, instructorId: string) {
  await requireLogbook(ctx, scope.actor, instructorId, 'read', scope);
  const studentIds = await findStudentIdsOf(ctx.db, instructorId);
  const [people, entries, endorsements, signatures] = await Promise.all([
    repository.findPeople(ctx.db, studentIds),
    repository.listEntriesOf(ctx.db, studentIds),
    repository.listEndorsementsOf(ctx.db, studentIds),
    repository.listSignaturesOfPilots(ctx.db, studentIds),
  ]);
  const signed = latestSignatures(signatures);
  const asOf = today();
  return {
    items: people
      .sort((a, b) => (a.name ?? a.email).localeCompare(b.name ?? b.email))
      .map((student) => {
        const own = entries.filter((entry) => entry.pilotId === student.skylogId);
        return {
          student: { skylog_id: student.skylogId, name: student.name },
          currency: currenciesOf(
            own.map((entry) => ruleEntry(entry.id, entry.fields)),
            student.userType,
            asOf,
          ),
          solo_endorsement: soloEndorsementOf(
            endorsements.filter((endorsement) => endorsement.studentId === student.skylogId),
            asOf,
          ),
          awaiting_signature: own.filter((entry) => awaitsSignature(entry, signed.get(entry.id))).length,
        };
      }),
  };
}

