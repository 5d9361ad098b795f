import { messages, type HandoffBrief } from '@skylog/contracts';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { DownloadLink } from '../../../components/ui/day-range-inputs.tsx';
import { Screen } from '../../../components/ui/screen.tsx';
import { trainingPaths } from '../../../config/training-paths.ts';
import { api } from '../../../lib/api.ts';
import { timeZoneName } from '../../../lib/format-time.ts';
import { useSettingsStore } from '../../../lib/settings-store.ts';
import { useHandoffBrief } from '../api/handoff.ts';
import { Card } from './card.tsx';
import { ReworkEntry } from './enrollment-card.tsx';
import { LessonStatusBadge, PlanStatusBadge } from './status-badges.tsx';
import { gradeText, partLabels } from './training-labels.ts';

/**
 * The hand-off brief (docs/product.md "Lessons and grading"): what an instructor taking a student over reads first —
 * where the student stands in the course, the last three lessons, what is on rework, what keeps recurring in the
 * flights, currency and endorsements — on the screen and on one printed page.
 */
export function HandoffBriefScreen({ skylogId }: { skylogId: string }) {
  const brief = useHandoffBrief(skylogId);
  const timezone = useSettingsStore((state) => state.timezone);
  const name = brief.data?.student.name;
  return (
    <Screen title={name ? `Hand-off brief — ${name}` : 'Hand-off brief'}>
      <div className="flex flex-wrap items-center gap-2">
        <Link to={trainingPaths.home.href} className="text-sm font-medium text-brand-700 hover:underline">
          Back to training
        </Link>
        <DownloadLink
          label="Download PDF"
          href={api.courses.handoffPdf.url({ params: { skylog_id: skylogId }, query: { timezone: timeZoneName(timezone) } })}
        />
      </div>
      {brief.isPending ? <p className="text-sm text-slate-600">{messages.loading}</p> : null}
      {brief.error ? <Alert tone="error">{brief.error.message}</Alert> : null}
      {brief.data ? <BriefBody brief={brief.data} /> : null}
    </Screen>
  );
}

function BriefBody({ brief }: { brief: HandoffBrief }) {
  const scale = brief.enrollment?.course.scale ?? null;
  return (
    <>
      <p className="text-xs text-slate-500">Prepared {brief.generated_at}</p>
      <CoursePosition enrollment={brief.enrollment} />
      <Card title="Last lessons">
        {brief.recent_lessons.length === 0 ? (
          <p className="text-sm text-slate-600">No lessons recorded yet.</p>
        ) : (
          <ol className="flex flex-col gap-3 text-sm">
            {brief.recent_lessons.map((lesson) => (
              <li key={lesson.record_id} className="flex flex-col gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-slate-600">{lesson.date}</span>
                  <Link to={trainingPaths.lesson.getHref(lesson.record_id)} className="font-medium text-brand-700 hover:underline">
                    {lesson.title}
                  </Link>
                  <LessonStatusBadge status={lesson.status} />
                  <span className="text-slate-600">with {lesson.instructor.name ?? 'an instructor no longer at the school'}</span>
                </div>
                {lesson.remarks ? <p className="text-slate-700">Remarks: {lesson.remarks}</p> : null}
                {lesson.grades.length > 0 ? (
                  <ul aria-label={`Grades of ${lesson.title}`} className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-700">
                    {lesson.grades.map((grade, index) => (
                      <li key={`${grade.task_code ?? grade.title}-${index}`}>
                        {grade.task_code ? <span className="font-mono font-semibold">{grade.task_code} </span> : null}
                        {grade.title}: {grade.grade === null ? 'not graded' : scale ? gradeText(scale, grade.grade) : grade.grade}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </Card>
      <Card title="Rework">
        {brief.rework.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing to rework.</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {brief.rework.map((item) => (
              <ReworkEntry key={item.id} item={item} scale={scale} />
            ))}
          </ul>
        )}
      </Card>
      <Card title="Recurring teachable moments">
        {brief.recurring_moments.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing has recurred across the student’s flights.</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {brief.recurring_moments.map((moment) => (
              <li key={`${moment.category}-${moment.label}`}>
                <span className="font-medium">{moment.label}</span>{' '}
                <span className="text-slate-600">
                  ({moment.category}) — on {moment.flights} {moment.flights === 1 ? 'flight' : 'flights'}, last on {moment.last_seen}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="Currency">
        {brief.currency.length === 0 ? (
          <p className="text-sm text-slate-600">No currency to show.</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {brief.currency.map((currency) => (
              <li key={currency.label}>
                <span className="font-medium">{currency.label}</span>: {currency.status}
                {currency.until ? ` until ${currency.until}` : ''} <span className="text-xs text-slate-500">({currency.regulation})</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="Endorsements">
        {brief.endorsements.length === 0 ? (
          <p className="text-sm text-slate-600">No endorsements given.</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {brief.endorsements.map((endorsement, index) => (
              <li key={`${endorsement.title}-${index}`}>
                <span className="font-medium">{endorsement.title}</span>{' '}
                <span className="text-xs text-slate-500">({endorsement.regulation})</span>
                <span className="text-slate-600">
                  {' '}
                  — given on {endorsement.given_on}
                  {endorsement.expires_on ? `, expires on ${endorsement.expires_on}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}

function CoursePosition({ enrollment }: { enrollment: HandoffBrief['enrollment'] }) {
  return (
    <Card title="Course">
      {enrollment === null ? (
        <p className="text-sm text-slate-600">Not enrolled on a course.</p>
      ) : (
        <div className="flex flex-col gap-1 text-sm text-slate-700">
          <p>
            <span className="font-medium text-slate-900">{enrollment.course.name}</span> · {partLabels[enrollment.course.part]} · revision{' '}
            {enrollment.revision}
          </p>
          <p>
            {enrollment.stage ? `${enrollment.stage.title} · ` : ''}
            {enrollment.lessons_done} of {enrollment.lessons_total} lessons done
          </p>
          <p className="flex flex-wrap items-center gap-2">
            <PlanStatusBadge status={enrollment.plan.status} />
            {enrollment.plan.reason ? <span>{enrollment.plan.reason}</span> : null}
          </p>
        </div>
      )}
    </Card>
  );
}
