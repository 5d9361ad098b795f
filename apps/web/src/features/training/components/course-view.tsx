import { gradingScales, messages, type Course, type CourseLesson, type GradingScaleKey } from '@skylog/contracts';
import { lazy, Suspense, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectInput } from '../../../components/ui/select-input.tsx';
import { useCourse } from '../api/courses.ts';
import { Badge } from './badge.tsx';
import { Card } from './card.tsx';
import { CheckInstructors } from './check-instructors.tsx';
import type { SavedSyllabus } from './syllabus-editor.tsx';
import { acsDocumentOf, gradeText, partLabels, stageCheckCitation } from './training-labels.ts';

// The editor is a large form only a school's administrators open: it loads when they do.
const SyllabusEditorScreen = lazy(async () => ({ default: (await import('./syllabus-editor.tsx')).SyllabusEditorScreen }));

/**
 * A course as its school reads it (docs/product.md "Lessons and grading"): the revision shown, whether students are
 * enrolled on it (which locks it: a change makes the next revision), its check instructors, and its syllabus, stages
 * of lessons of items.
 */
export function CourseView({ id, canManage }: { id: string; canManage: boolean }) {
  const [revision, setRevision] = useState<number | undefined>(undefined);
  const [isEditing, setIsEditing] = useState(false);
  const [saved, setSaved] = useState<SavedSyllabus | null>(null);
  const course = useCourse(id, revision);
  if (course.isPending) return <p className="text-sm text-slate-600">{messages.loading}</p>;
  if (course.error) return <Alert tone="error">{course.error.message}</Alert>;
  if (isEditing) {
    const handleDone = (result: SavedSyllabus | null) => {
      setIsEditing(false);
      if (!result) return;
      setSaved(result);
      // The newest revision is the one just written: shown next.
      setRevision(undefined);
    };
    return (
      <Suspense fallback={<p className="text-sm text-slate-600">{messages.loading}</p>}>
        <SyllabusEditorScreen id={id} onDone={handleDone} />
      </Suspense>
    );
  }
  return (
    <>
      {saved ? <SavedNotice saved={saved} /> : null}
      <CourseHeader
        course={course.data}
        onRevision={setRevision}
        onEdit={
          canManage
            ? () => {
                setSaved(null);
                setIsEditing(true);
              }
            : undefined
        }
      />
      <CheckInstructors course={course.data} canManage={canManage} />
      {course.data.content.stages.map((stage) => (
        <Card key={stage.key} title={stage.title}>
          {stage.objective ? <p className="text-sm text-slate-700">{stage.objective}</p> : null}
          <ol className="flex flex-col gap-3">
            {stage.lessons.map((lesson) => (
              <li key={lesson.key}>
                <LessonSyllabus lesson={lesson} scale={course.data.scale} />
              </li>
            ))}
          </ol>
        </Card>
      ))}
    </>
  );
}

/** What the last save wrote, said after it: the revision, and for a course in use that its students stay where they are. */
function SavedNotice({ saved }: { saved: SavedSyllabus }) {
  return (
    <Alert tone="success">
      {saved.isNewRevision
        ? `Saved as revision ${saved.revision}. Students enrolled on revision ${saved.previousRevision} stay on it until moved: “Move to revision ${saved.revision}” on the student’s training.`
        : `Saved: revision ${saved.revision} changed.`}
    </Alert>
  );
}

function CourseHeader({
  course,
  onRevision,
  onEdit,
}: {
  course: Course;
  onRevision: (revision: number) => void;
  onEdit: (() => void) | undefined;
}) {
  const newest = course.revisions[0];
  const lessons = course.content.stages.flatMap((stage) => stage.lessons);
  const hours = lessons.reduce((sum, lesson) => sum + lesson.planned_hours, 0);
  return (
    <section aria-label="Course" className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-xl font-semibold text-slate-900">{course.name}</h2>
        <Badge tone="info">Revision {course.revision}</Badge>
        {course.locked ? (
          <Badge tone="warning">Locked: students are enrolled on it</Badge>
        ) : (
          <Badge tone="good">Not in use yet: changes edit this revision</Badge>
        )}
        {onEdit ? (
          <Button variant="secondary" className="sm:ml-auto" onClick={onEdit}>
            Edit syllabus
          </Button>
        ) : null}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Trains to</dt>
          <dd>{partLabels[course.part]}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Grading scale</dt>
          <dd>{gradingScales[course.scale].label}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Plan</dt>
          <dd>
            {lessons.length} lessons, {Math.round(hours * 10) / 10} hours in {course.content.planned_weeks} weeks
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Students on the newest revision</dt>
          <dd className="tabular-nums">{newest?.students ?? 0}</dd>
        </div>
      </dl>
      {course.revisions.length > 1 ? (
        <SelectInput
          label="Revision shown"
          className="max-w-xs"
          value={String(course.revision)}
          onChange={(event) => onRevision(Number(event.target.value))}
          options={course.revisions.map((entry, index) => ({
            value: String(entry.number),
            label: `Revision ${entry.number}${index === 0 ? ' (newest)' : ''}: ${entry.students} enrolled${entry.locked ? ', locked' : ''}`,
          }))}
        />
      ) : null}
      <p className="text-xs text-slate-500">
        Enrolling a student locks the revision they are on; a change then makes the next revision, and enrolled students stay on theirs
        until moved.
      </p>
    </section>
  );
}

function LessonSyllabus({ lesson, scale }: { lesson: CourseLesson; scale: GradingScaleKey }) {
  return (
    <details className="rounded-lg border border-slate-200">
      <summary className="flex cursor-pointer flex-wrap items-center gap-2 px-3 py-2 text-sm">
        <span className="font-medium text-slate-900">{lesson.title}</span>
        <Badge>{lesson.kind === 'flight' ? 'Flight' : 'Ground'}</Badge>
        <span className="text-xs text-slate-500">
          {lesson.planned_hours} h planned · {lesson.items.length} {lesson.items.length === 1 ? 'item' : 'items'}
        </span>
        {lesson.stage_check ? <Badge tone="warning">Stage check — {stageCheckCitation}</Badge> : null}
      </summary>
      <div className="flex flex-col gap-2 border-t border-slate-100 px-3 py-2">
        {lesson.objective ? <p className="text-sm text-slate-700">{lesson.objective}</p> : null}
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" aria-label={`Items of ${lesson.title}`}>
            <thead className="text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className="py-1 pr-3 font-medium">Task</th>
                <th className="py-1 pr-3 font-medium">Item</th>
                <th className="py-1 pr-3 font-medium">Kind</th>
                <th className="py-1 pr-3 font-medium">Grade to reach</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {lesson.items.map((item) => (
                <tr key={item.key} className="align-top">
                  <td
                    className="py-1 pr-3 font-mono text-xs whitespace-nowrap"
                    title={item.task_code ? (acsDocumentOf(item.task_code) ?? undefined) : undefined}
                  >
                    {item.task_code ?? 'School’s own'}
                  </td>
                  <td className="py-1 pr-3">{item.title}</td>
                  <td className="py-1 pr-3">{item.kind === 'flight' ? 'Flight' : 'Ground'}</td>
                  <td className="py-1 pr-3">
                    {gradeText(scale, item.required_grade)}
                    {item.required ? null : <span className="text-xs text-slate-500"> (optional)</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </details>
  );
}
