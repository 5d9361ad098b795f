import { messages, type Enrollment, type EnrollmentSummary, type GradingScaleKey, type ReworkItem } from '@skylog/contracts';
import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DownloadLink } from '../../../components/ui/day-range-inputs.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { trainingPaths } from '../../../config/training-paths.ts';
import { api } from '../../../lib/api.ts';
import { timeZoneName } from '../../../lib/format-time.ts';
import { useSettingsStore } from '../../../lib/settings-store.ts';
import { useEnrollment, useMoveToLatest } from '../api/enrollments.ts';
import { Badge } from './badge.tsx';
import { Card } from './card.tsx';
import { LessonStatusBadge, PlanStatusBadge } from './status-badges.tsx';
import { gradeText, partLabels, stageCheckCitation, trainingRecordCitation } from './training-labels.ts';

const enrollmentStatusLabels: Record<EnrollmentSummary['status'], string> = {
  active: 'Active',
  graduated: 'Graduated',
  withdrawn: 'Withdrawn',
};

/**
 * A student's course (docs/product.md "Lessons and grading"): lessons done against the plan's calendar and hours,
 * the stage, what is on the rework list, and every lesson by stage with its status and records.
 */
export function EnrollmentCard({ summary, canEnroll }: { summary: EnrollmentSummary; canEnroll: boolean }) {
  const detail = useEnrollment(summary.id);
  const moveToLatest = useMoveToLatest();
  const canMove = canEnroll && summary.status === 'active' && summary.latest_revision > summary.revision;
  const handleMove = () =>
    moveToLatest.mutate(summary.id, {
      onSuccess: (moved) => notify.success(`Moved to revision ${moved.revision}: lessons already graded keep their grades`),
      onError: (error) => notify.error(error.message),
    });
  return (
    <Card
      title={summary.course.name}
      actions={
        canMove ? (
          <Button variant="secondary" onClick={handleMove} isLoading={moveToLatest.isPending}>
            Move to revision {summary.latest_revision}
          </Button>
        ) : null
      }
    >
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <Badge tone={summary.status === 'active' ? 'info' : summary.status === 'graduated' ? 'good' : 'neutral'}>
          {enrollmentStatusLabels[summary.status]}
        </Badge>
        <span>{partLabels[summary.course.part]}</span>
        <span>· revision {summary.revision}</span>
        <span>· enrolled on {summary.enrolled_on}</span>
        {summary.graduated_on ? <span>· graduated on {summary.graduated_on}</span> : null}
      </div>
      <ProgressBar
        value={summary.lessons_total > 0 ? summary.lessons_done / summary.lessons_total : 0}
        label={summary.stage ? `Lessons done — ${summary.stage.title}` : 'Lessons done'}
        valueText={`${summary.lessons_done} of ${summary.lessons_total} lessons`}
      />
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <PlanStatusBadge status={summary.plan.status} />
        <span className="text-slate-700">
          {summary.plan.reason ??
            `${summary.lessons_done} of ${summary.lessons_total} lessons done; ${Math.ceil(summary.plan.expected_lessons)} planned by week ${Math.floor(summary.plan.weeks_elapsed)}`}
        </span>
        <span className="text-slate-500">
          · {summary.flight_hours} h flown for {summary.planned_hours_done} h planned
        </span>
      </div>
      <TrainingRecordDownloads enrollmentId={summary.id} />
      {detail.isPending ? <p className="text-sm text-slate-600">{messages.loading}</p> : null}
      {detail.error ? <Alert tone="error">{detail.error.message}</Alert> : null}
      {detail.data ? (
        <>
          <ReworkList enrollment={detail.data} />
          <LessonsByStage enrollment={detail.data} />
        </>
      ) : null}
    </Card>
  );
}

/** The enrolment's training record as a school keeps it (14 CFR 141.101), to file or print. */
function TrainingRecordDownloads({ enrollmentId }: { enrollmentId: string }) {
  const timezone = useSettingsStore((state) => state.timezone);
  const params = { id: enrollmentId };
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <DownloadLink label="Training record (CSV)" href={api.courses.recordsCsv.url({ params })} />
      <DownloadLink
        label="Training record (PDF)"
        href={api.courses.recordsPdf.url({ params, query: { timezone: timeZoneName(timezone) } })}
      />
      <span className="text-xs text-slate-500">{trainingRecordCitation}</span>
    </div>
  );
}

/** What fell short of its grade and is added to the student's next lesson until flown to standard. */
function ReworkList({ enrollment }: { enrollment: Enrollment }) {
  return (
    <section aria-label="Rework" className="flex flex-col gap-1">
      <h3 className="text-sm font-semibold text-slate-800">Rework</h3>
      {enrollment.rework.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing to rework.</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {enrollment.rework.map((item) => (
            <ReworkEntry key={item.id} item={item} scale={enrollment.course.scale} />
          ))}
        </ul>
      )}
      <p className="text-xs text-slate-500">
        Each open rework item is added to the student’s next lesson; graded to its standard there, it leaves the list.
      </p>
    </section>
  );
}

/** One rework item: the task, its title, and the lesson where it fell short of its grade. */
export function ReworkEntry({ item, scale }: { item: ReworkItem; scale: GradingScaleKey | null }) {
  return (
    <li className="flex flex-wrap items-center gap-2">
      <Badge tone="warning">Rework</Badge>
      {item.task_code ? <span className="font-mono text-xs font-semibold">{item.task_code}</span> : null}
      <span className="font-medium">{item.title}</span>
      <span className="text-slate-600">
        {item.grade ? `graded ${scale ? gradeText(scale, item.grade) : item.grade}` : 'not to standard'} in{' '}
        <Link to={trainingPaths.lesson.getHref(item.from_lesson.record_id)} className="text-brand-700 hover:underline">
          {item.from_lesson.title}
        </Link>{' '}
        ({item.from_lesson.date})
      </span>
    </li>
  );
}

function LessonsByStage({ enrollment }: { enrollment: Enrollment }) {
  const lessonOf = new Map(enrollment.lessons.map((lesson) => [lesson.key, lesson]));
  return (
    <section aria-label="Lessons" className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-slate-800">Lessons</h3>
      {enrollment.content.stages.map((stage) => (
        <details key={stage.key} open={stage.key === enrollment.stage?.key} className="rounded-lg border border-slate-200">
          <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-900">{stage.title}</summary>
          <ol className="divide-y divide-slate-100 border-t border-slate-100">
            {stage.lessons.map((lesson) => {
              const progress = lessonOf.get(lesson.key);
              return (
                <li key={lesson.key} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
                  <span className="font-medium text-slate-900">{lesson.title}</span>
                  <Badge>{lesson.kind === 'flight' ? 'Flight' : 'Ground'}</Badge>
                  {lesson.stage_check ? <Badge tone="warning">Stage check — {stageCheckCitation}</Badge> : null}
                  {progress ? <LessonStatusBadge status={progress.status} /> : null}
                  {progress && !progress.is_open ? (
                    <span className="flex items-center gap-1 text-xs text-slate-500">
                      <Lock size={12} aria-hidden /> Opens when the previous stage check is passed
                    </span>
                  ) : null}
                  {progress?.records.map((record) => (
                    <Link key={record.id} to={trainingPaths.lesson.getHref(record.id)} className="text-xs text-brand-700 hover:underline">
                      {record.date} · {record.instructor.name ?? 'instructor'}
                    </Link>
                  ))}
                </li>
              );
            })}
          </ol>
        </details>
      ))}
    </section>
  );
}
