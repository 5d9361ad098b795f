import { dayIn, handoffCurrencyStatuses, momentCategoryLabels, type CurrencyStatus, type HandoffBrief, type MomentCategory } from '@skylog/contracts';
import { requireTrainee } from '../../access/access.ts';
import type { PersonRow } from '../../db/columns.ts';
import type { Executor } from '../../db/client.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { fileNameOf } from '../../lib/attachment.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import { currencyAndEndorsementsOf } from '../logbook/logbook-summary.service.ts';
import { findLesson } from './course-content.ts';
import * as repository from './courses.repository.ts';
import { enrollmentSummaries, reworkView } from './enrollments.service.ts';
import * as exportsRepository from './exports.repository.ts';
import { handoffPdf } from './handoff-pdf.ts';

/**
 * The hand-off brief (docs/product.md "Lessons and grading"): what an instructor taking a student over reads first —
 * the course and stage, the last lessons with their grades and remarks, the rework list, what keeps coming up on the
 * student's flights, currency (14 CFR 61.56, 61.57) and endorsements. It reads as the training record does: any
 * instructor of the school may read it.
 */

/** The lessons the brief shows, newest first. */
const recentLessons = 3;
/** A moment recurs when it shows on this many of the student's last analysed flights. */
const recurringOnFlights = 2;
const lookedAtFlights = 10;

type Student = PersonRow['user'];

/**
 * What keeps coming up: the categories of the moments to work on ('improve') seen on at least two of the flights,
 * most flights first. Moments the student flew well are for the debrief, not for the next instructor to watch for.
 */
function recurringMoments(flights: readonly { flownAt: Date; moments: readonly { category: MomentCategory; tone: 'well' | 'improve' }[] | null }[]): HandoffBrief['recurring_moments'] {
  const seen = new Map<MomentCategory, { flights: number; lastSeen: Date }>();
  for (const flight of flights) {
    const categories = new Set((flight.moments ?? []).filter((moment) => moment.tone === 'improve').map((moment) => moment.category));
    for (const category of categories) {
      const entry = seen.get(category) ?? { flights: 0, lastSeen: flight.flownAt };
      seen.set(category, { flights: entry.flights + 1, lastSeen: entry.lastSeen > flight.flownAt ? entry.lastSeen : flight.flownAt });
    }
  }
  return [...seen.entries()]
    .filter(([, entry]) => entry.flights >= recurringOnFlights)
    .sort(([, a], [, b]) => b.flights - a.flights || b.lastSeen.getTime() - a.lastSeen.getTime())
    .map(([category, entry]) => ({ category, label: momentCategoryLabels[category], flights: entry.flights, last_seen: dayIn(entry.lastSeen, 'UTC') }));
}

/** A currency as the brief states it: its regulation, whether it holds, and the last day it does. */
function currencyLine(currency: CurrencyStatus): HandoffBrief['currency'][number] {
  const status = !currency.current ? handoffCurrencyStatuses.lapsed : currency.lapsing_soon ? handoffCurrencyStatuses.lapsingSoon : handoffCurrencyStatuses.current;
  return { label: currency.label, regulation: `14 CFR ${currency.rule}`, status, until: currency.current_through };
}

async function lessonsOfEnrollment(db: Executor, enrollmentId: string) {
  const [join, records, rework] = await Promise.all([
    repository.findEnrollmentJoin(db, enrollmentId),
    repository.listRecordsOf(db, [enrollmentId]),
    repository.listOpenRework(db, [enrollmentId]),
  ]);
  const content = join!.revision.content;
  const latest = records.slice(-recentLessons).reverse();
  const grades = await repository.listItemGrades(
    db,
    latest.map((row) => row.record.id),
  );
  return {
    recent_lessons: latest.map(({ record, instructorName }) => ({
      record_id: record.id,
      date: record.lessonDate,
      title: findLesson(content, record.lessonKey)?.lesson.title ?? record.lessonKey,
      status: record.status,
      instructor: { skylog_id: record.instructorId, name: instructorName },
      remarks: record.remarks,
      grades: grades
        .filter(({ grade }) => grade.recordId === record.id)
        .map(({ grade }) => ({ title: grade.title, task_code: grade.taskCode, grade: grade.grade })),
    })),
    rework: reworkView(rework, content),
  };
}

/** The brief of a student as of `now`; the caller decided the reader may have it. */
export async function handoffBriefOf(db: Executor, student: Student, now: Date): Promise<HandoffBrief> {
  const asOf = dayIn(now, 'UTC');
  const [summaries, flights, logbook] = await Promise.all([
    enrollmentSummaries(db, student.skylogId),
    exportsRepository.listRecentFlightMoments(db, student.skylogId, lookedAtFlights),
    currencyAndEndorsementsOf(db, student, asOf),
  ]);
  // The course the student is training on now: the newest active enrolment.
  const enrollment = summaries.find((summary) => summary.status === 'active') ?? null;
  const lessons = enrollment ? await lessonsOfEnrollment(db, enrollment.id) : { recent_lessons: [], rework: [] };
  return {
    student: { skylog_id: student.skylogId, name: student.name },
    generated_at: now.toISOString(),
    enrollment,
    ...lessons,
    recurring_moments: recurringMoments(flights),
    currency: logbook.currency.map(currencyLine),
    endorsements: logbook.endorsements.map((row) => ({ title: row.title, regulation: row.regulation, given_on: dayIn(row.signedAt, 'UTC'), expires_on: row.expiresOn })),
  };
}

export async function getHandoffBrief(ctx: AppContext, scope: RequestScope, studentId: string): Promise<HandoffBrief> {
  const { user } = await requireTrainee(ctx, scope.actor, studentId, 'read', scope);
  return handoffBriefOf(ctx.db, user, new Date());
}

export async function getHandoffPdf(ctx: AppContext, scope: RequestScope, studentId: string, timezone: string): Promise<{ name: string; body: Buffer }> {
  const { user } = await requireTrainee(ctx, scope.actor, studentId, 'read', scope);
  const brief = await handoffBriefOf(ctx.db, user, new Date());
  return { name: `handoff-${fileNameOf(user.name ?? user.email, 'student')}.pdf`, body: await handoffPdf(brief, { timezone, flightsLookedAt: lookedAtFlights }) };
}
