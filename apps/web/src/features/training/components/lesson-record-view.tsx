import { lessonOutcome, messages, type LessonRecord } from '@skylog/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { paths } from '../../../config/paths.ts';
import { useLessonRecord } from '../api/lesson-records.ts';
import { Badge } from './badge.tsx';
import { Card } from './card.tsx';
import { CompleteLessonDialog } from './complete-lesson-dialog.tsx';
import { GradedItems, GradesForm } from './grades-form.tsx';
import { itemName } from './item-name.ts';
import { LessonStatusBadge } from './status-badges.tsx';
import { gradeText, stageCheckCitation } from './training-labels.ts';

/**
 * One lesson as given (docs/product.md "Lessons and grading"): its heading, each item with its ACS code, the grade it
 * must reach and Skylog's proposal from the flight; the instructor grades on the course's scale, then signs it, which
 * makes it complete or incomplete and puts what fell short on the rework list.
 */
export function LessonRecordView({ id, getStudentHref }: { id: string; getStudentHref?: ((id: string) => string) | undefined }) {
  const record = useLessonRecord(id);
  const [signing, setSigning] = useState<LessonRecord | null>(null);
  if (record.isPending) return <p className="text-sm text-slate-600">{messages.loading}</p>;
  if (record.error) return <Alert tone="error">{record.error.message}</Alert>;
  const lesson = record.data;
  return (
    <>
      <LessonHeading record={lesson} getStudentHref={getStudentHref} />
      {lesson.status === 'in-progress' ? null : <LessonResult record={lesson} />}
      <Card title="Items">
        <ProposalsSummary record={lesson} />
        {lesson.can_grade ? <GradesForm key={lesson.id} record={lesson} onSign={setSigning} /> : <GradedItems record={lesson} />}
      </Card>
      <CompleteLessonDialog record={signing} onClose={() => setSigning(null)} />
    </>
  );
}

function LessonHeading({ record, getStudentHref }: { record: LessonRecord; getStudentHref?: ((id: string) => string) | undefined }) {
  const facts = [
    ['Stage', record.lesson.stage_title],
    ['Course', `${record.course.name}, revision ${record.course.revision}`],
    ['Date', record.date],
    ['Instructor', record.instructor.name ?? '—'],
    ['Hours', `${record.flight_hours} flight, ${record.ground_hours} ground`],
  ] as const;
  return (
    <section aria-label="Lesson" className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-xl font-semibold text-slate-900">{record.lesson.title}</h2>
        <LessonStatusBadge status={record.status} />
        <Badge>{record.lesson.kind === 'flight' ? 'Flight' : 'Ground'}</Badge>
        {record.lesson.stage_check ? <Badge tone="warning">Stage check — {stageCheckCitation}</Badge> : null}
      </div>
      <p className="text-sm text-slate-700">
        Student:{' '}
        {getStudentHref ? (
          <Link to={getStudentHref(record.student.skylog_id)} className="font-medium text-brand-700 hover:underline">
            {record.student.name ?? 'Student'}
          </Link>
        ) : (
          <span className="font-medium">{record.student.name ?? 'Student'}</span>
        )}
        {record.trip_id ? (
          <>
            {' · '}
            <Link to={paths.dashboard.flight.getHref(record.trip_id)} className="font-medium text-brand-700 hover:underline">
              The flight
            </Link>
          </>
        ) : null}
      </p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-5">
        {facts.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {record.lesson.objective ? <p className="text-sm text-slate-700">{record.lesson.objective}</p> : null}
    </section>
  );
}

/** What the signature made of the lesson: complete or not, and what went on the rework list. */
function LessonResult({ record }: { record: LessonRecord }) {
  const { shortOf: rework } = lessonOutcome(record.course.scale, record.items);
  return (
    <Card title="Result">
      <Alert tone={record.status === 'complete' ? 'success' : 'warning'}>
        {record.status === 'complete'
          ? 'Complete: every required item reached its grade.'
          : 'Incomplete: not every required item reached its grade.'}
      </Alert>
      {rework.length > 0 ? (
        <div className="flex flex-col gap-1 text-sm">
          <p className="font-medium text-slate-800">Went on the rework list, to be flown again in the next lesson:</p>
          <ul className="list-inside list-disc">
            {rework.map((item) => (
              <li key={item.item_key}>
                {itemName(item)}: {item.grade ? gradeText(record.course.scale, item.grade) : '—'}, needs{' '}
                {gradeText(record.course.scale, item.required_grade)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {record.remarks ? <p className="text-sm text-slate-700">Remarks: {record.remarks}</p> : null}
      {record.completed_at ? (
        <p className="text-xs text-slate-500">
          Signed by {record.instructor.name ?? 'the instructor'} on {record.completed_at.slice(0, 10)} (AC 120-78).
        </p>
      ) : null}
    </Card>
  );
}

/** Whether the flight gave proposals for this lesson: a suggestion only, which the instructor's grade replaces. */
function ProposalsSummary({ record }: { record: LessonRecord }) {
  if (record.trip_id === null) return <p className="text-sm text-slate-600">A lesson without a flight: no proposals from an analysis.</p>;
  const proposed = record.items.filter((item) => item.proposal !== null).length;
  return (
    <p className="text-sm text-slate-600">
      {proposed > 0
        ? `Skylog proposes grades for ${proposed} ${proposed === 1 ? 'item' : 'items'} from the flight’s analysis, against the FAA-S-ACS-6C tolerances. They are suggestions: your grade is what counts.`
        : 'The flight’s analysis measured none of this lesson’s tasks against the FAA-S-ACS-6C tolerances: no proposals.'}
    </p>
  );
}
