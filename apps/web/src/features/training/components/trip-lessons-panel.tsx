import { zodResolver } from '@hookform/resolvers/zod';
import { lessonRecordCreateSchema, type TripLessonRecords } from '@skylog/contracts';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectInput } from '../../../components/ui/select-input.tsx';
import { trainingPaths } from '../../../config/training-paths.ts';
import { showServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useStartLesson, useTripLessons } from '../api/lesson-records.ts';
import { Card } from './card.tsx';
import { LessonStatusBadge } from './status-badges.tsx';

/**
 * The flight's lessons (docs/product.md "Lessons and grading"): those already graded on it, and for the instructor of a
 * student aboard, linking the flight to one of the student's open lessons, which begins its grading. Shown only where
 * the flight has a lesson or may get one.
 */
export function TripLessonsPanel({ tripId }: { tripId: string }) {
  const lessons = useTripLessons(tripId);
  if (!lessons.data || (lessons.data.records.length === 0 && lessons.data.enrollments.length === 0)) return null;
  const { records, enrollments } = lessons.data;
  return (
    <Card title="Lesson">
      {records.length > 0 ? (
        <ul className="flex flex-col gap-1 text-sm">
          {records.map((record) => (
            <li key={record.id} className="flex flex-wrap items-center gap-2">
              <Link to={trainingPaths.lesson.getHref(record.id)} className="font-medium text-brand-700 hover:underline">
                {record.lesson_title}
              </Link>
              <span className="text-slate-600">{record.student.name ?? 'Student'}</span>
              <LessonStatusBadge status={record.status} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No lesson is graded on this flight yet.</p>
      )}
      {enrollments.length > 0 ? <LinkLessonForm tripId={tripId} enrollments={enrollments} /> : null}
    </Card>
  );
}

/** The lesson flown: one of the open lessons of an enrolment of a student aboard, with the flight it was flown on. */
const linkFormSchema = lessonRecordCreateSchema.pick({ lesson_key: true }).extend({
  enrollment_id: z.uuid({ error: 'Choose the student and course' }),
});
type LinkInput = z.input<typeof linkFormSchema>;
type LinkOutput = z.output<typeof linkFormSchema>;

function LinkLessonForm({ tripId, enrollments }: { tripId: string; enrollments: TripLessonRecords['enrollments'] }) {
  const startLesson = useStartLesson();
  const navigate = useNavigate();
  const [first] = enrollments;
  const form = useForm<LinkInput, unknown, LinkOutput>({
    resolver: zodResolver(linkFormSchema),
    defaultValues: { enrollment_id: first?.id ?? '', lesson_key: first?.open_lessons[0]?.key ?? '' },
  });
  const { errors } = form.formState;
  const chosen = enrollments.find((enrollment) => enrollment.id === form.watch('enrollment_id'));
  const enrollmentField = form.register('enrollment_id', {
    // Another course has other lessons: start from its first open one.
    onChange: (event: { target: { value: string } }) =>
      form.setValue('lesson_key', enrollments.find((enrollment) => enrollment.id === event.target.value)?.open_lessons[0]?.key ?? ''),
  });
  const handleSubmit = ({ enrollment_id, lesson_key }: LinkOutput) =>
    startLesson.mutate(
      { enrollmentId: enrollment_id, body: { lesson_key, trip_id: tripId } },
      {
        onSuccess: (record) => void navigate(trainingPaths.lesson.getHref(record.id)),
        onError: (error) => showServerFieldErrors(form.setError, error, ['lesson_key']),
      },
    );
  return (
    <form onSubmit={form.handleSubmit(handleSubmit)} className="flex flex-col gap-3 border-t border-slate-100 pt-3" noValidate>
      <h3 className="text-sm font-semibold text-slate-800">Link to a lesson</h3>
      {/* Columns that may shrink below the longest option's width: a phone's screen is narrower than a lesson's name. */}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <SelectInput
          label="Student and course"
          options={enrollments.map((enrollment) => ({
            value: enrollment.id,
            label: `${enrollment.student.name ?? 'Student'} — ${enrollment.course_name}`,
          }))}
          {...enrollmentField}
          error={errors.enrollment_id?.message}
        />
        <SelectInput
          label="Lesson"
          options={(chosen?.open_lessons ?? []).map((lesson) => ({
            value: lesson.key,
            label: `${lesson.stage_title} — ${lesson.title}${lesson.kind === 'ground' ? ' (ground)' : ''}`,
          }))}
          {...form.register('lesson_key')}
          error={errors.lesson_key?.message}
        />
      </div>
      {chosen && chosen.open_lessons.length === 0 ? (
        <p className="text-sm text-slate-600">Every open lesson of this course is complete.</p>
      ) : null}
      {startLesson.error ? <Alert tone="error">{startLesson.error.message}</Alert> : null}
      <p className="text-xs text-slate-500">
        The lesson opens for grading with the student’s open rework items added and Skylog’s proposals from this flight beside each ACS
        task.
      </p>
      <Button type="submit" className="self-start" isLoading={startLesson.isPending}>
        Begin grading
      </Button>
    </form>
  );
}
