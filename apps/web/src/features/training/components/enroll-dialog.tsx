import { zodResolver } from '@hookform/resolvers/zod';
import { enrollmentCreateSchema, messages } from '@skylog/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SelectInput } from '../../../components/ui/select-input.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { showServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useCourses } from '../api/courses.ts';
import { useEnroll } from '../api/enrollments.ts';
import { partLabels } from './training-labels.ts';

type EnrollInput = z.input<typeof enrollmentCreateSchema>;
type EnrollOutput = z.output<typeof enrollmentCreateSchema>;

/** Today as a day of the reader's calendar: the enrolment's first day unless another is given. */
const today = () => new Date().toLocaleDateString('en-CA');

/** Enrols a student on one of the school's courses, at its newest revision (which locks it). */
export function EnrollDialog({
  personId,
  studentName,
  isOpen,
  onClose,
}: {
  personId: string;
  studentName: string;
  isOpen: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      title="Enrol on a course"
      content={isOpen ? <EnrollForm personId={personId} studentName={studentName} onClose={onClose} /> : null}
      onRequestClose={onClose}
    />
  );
}

function EnrollForm({ personId, studentName, onClose }: { personId: string; studentName: string; onClose: () => void }) {
  const courses = useCourses();
  const enroll = useEnroll(personId);
  const form = useForm<EnrollInput, unknown, EnrollOutput>({
    resolver: zodResolver(enrollmentCreateSchema),
    defaultValues: { course_id: '', enrolled_on: today() },
  });
  const { errors } = form.formState;
  const list = courses.data?.courses ?? [];
  const handleSubmit = (body: EnrollOutput) =>
    enroll.mutate(body, {
      onSuccess: (enrollment) => {
        notify.success(`${studentName} is enrolled on ${enrollment.course.name}`);
        onClose();
      },
      onError: (error) => showServerFieldErrors(form.setError, error, ['course_id', 'enrolled_on']),
    });
  return (
    <form onSubmit={form.handleSubmit(handleSubmit)} className="flex flex-col gap-4 p-6" noValidate>
      <h2 className="text-lg font-semibold">Enrol {studentName} on a course</h2>
      {courses.isPending ? <p className="text-sm text-slate-600">{messages.loading}</p> : null}
      {courses.error ? <Alert tone="error">{courses.error.message}</Alert> : null}
      {courses.data && list.length === 0 ? (
        <p className="text-sm text-slate-600">Your school has no courses yet; its administrators make them.</p>
      ) : null}
      <SelectInput
        label="Course"
        options={[
          { value: '', label: 'Choose a course', disabled: true },
          ...list.map((course) => ({
            value: course.id,
            label: `${course.name} — ${partLabels[course.part]}, revision ${course.revision}`,
          })),
        ]}
        {...form.register('course_id')}
        error={errors.course_id?.message}
      />
      <TextInput label="Enrolled on" type="date" {...form.register('enrolled_on')} error={errors.enrolled_on?.message} />
      <p className="text-xs text-slate-500">
        The student starts on the course’s newest revision, which is then locked: a later change makes a new revision they may be moved to.
      </p>
      {enroll.error ? <Alert tone="error">{enroll.error.message}</Alert> : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" isLoading={enroll.isPending}>
          Enrol
        </Button>
      </div>
    </form>
  );
}
