import { zodResolver } from '@hookform/resolvers/zod';
import { courseCheckInstructorsSchema, messages, type Course } from '@skylog/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { useSchoolInstructors, useSetCheckInstructors } from '../api/courses.ts';
import { Card } from './card.tsx';
import { stageCheckCitation } from './training-labels.ts';

type CheckInstructorsInput = z.input<typeof courseCheckInstructorsSchema>;
type CheckInstructorsOutput = z.output<typeof courseCheckInstructorsSchema>;

/**
 * Who grades the course's stage checks: instructors the school names, each of whom may not check a stage they taught
 * the student (14 CFR 141.37; part 141 appendix B). The school's administrators choose them among its instructors.
 */
export function CheckInstructors({ course, canManage }: { course: Course; canManage: boolean }) {
  return (
    <Card title="Check instructors">
      <p className="text-sm text-slate-600">
        A stage check is graded by one of these instructors, who did not teach that stage to the student ({stageCheckCitation}); the next
        stage opens once it is passed.
      </p>
      {canManage ? (
        <CheckInstructorsForm key={course.check_instructors.map((person) => person.skylog_id).join()} course={course} />
      ) : course.check_instructors.length > 0 ? (
        <ul className="list-inside list-disc text-sm">
          {course.check_instructors.map((person) => (
            <li key={person.skylog_id}>{person.name ?? person.skylog_id}</li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">None named yet: ask your school’s administrators.</p>
      )}
    </Card>
  );
}

function CheckInstructorsForm({ course }: { course: Course }) {
  const instructors = useSchoolInstructors();
  const save = useSetCheckInstructors();
  const form = useForm<CheckInstructorsInput, unknown, CheckInstructorsOutput>({
    resolver: zodResolver(courseCheckInstructorsSchema),
    defaultValues: { skylog_ids: course.check_instructors.map((person) => person.skylog_id) },
  });
  const handleSubmit = ({ skylog_ids }: CheckInstructorsOutput) =>
    save.mutate({ id: course.id, skylogIds: skylog_ids }, { onSuccess: () => notify.success('Check instructors saved') });
  if (instructors.isPending) return <p className="text-sm text-slate-600">{messages.loading}</p>;
  if (instructors.error) return <Alert tone="error">{instructors.error.message}</Alert>;
  return (
    <form onSubmit={form.handleSubmit(handleSubmit)} className="flex flex-col gap-3" noValidate>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium text-slate-700">Instructors who grade stage checks</legend>
        {instructors.data.items.length === 0 ? <p className="text-sm text-slate-600">The school has no instructors yet.</p> : null}
        <div className="grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
          {instructors.data.items.map((person) => (
            <label key={person.skylog_id} className="flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" value={person.skylog_id} {...form.register('skylog_ids')} className="h-4 w-4 accent-brand-600" />
              {person.name ?? person.email}
            </label>
          ))}
        </div>
        {form.formState.errors.skylog_ids ? <p className="text-xs text-red-600">{form.formState.errors.skylog_ids.message}</p> : null}
      </fieldset>
      {save.error ? <Alert tone="error">{save.error.message}</Alert> : null}
      <Button type="submit" className="self-start" isLoading={save.isPending} disabled={!form.formState.isDirty}>
        Save check instructors
      </Button>
    </form>
  );
}
