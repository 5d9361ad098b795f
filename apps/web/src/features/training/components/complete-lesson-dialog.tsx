import { zodResolver } from '@hookform/resolvers/zod';
import { lessonOutcome, lessonRecordCompleteSchema, type LessonRecord } from '@skylog/contracts';
import { useQuery } from '@tanstack/react-query';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ReauthFields, reauthFieldNames, requireReauthentication } from '../../../components/reauth-fields.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { api } from '../../../lib/api.ts';
import { showServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useCompleteLesson } from '../api/lesson-records.ts';
import { itemName } from './item-name.ts';
import { lessonSignatureNote } from './training-labels.ts';

const completeFormSchema = lessonRecordCompleteSchema.superRefine(requireReauthentication);
type CompleteInput = z.input<typeof completeFormSchema>;
type CompleteOutput = z.output<typeof completeFormSchema>;

/** The instructor signs the lesson's grades (AC 120-78), as a logbook entry is signed: the dialog opens while `record` is set. */
export function CompleteLessonDialog({ record, onClose }: { record: LessonRecord | null; onClose: () => void }) {
  return (
    <Modal
      title="Sign and finish the lesson"
      content={record ? <CompleteLessonForm record={record} onClose={onClose} /> : null}
      onRequestClose={onClose}
    />
  );
}

function CompleteLessonForm({ record, onClose }: { record: LessonRecord; onClose: () => void }) {
  const complete = useCompleteLesson();
  const me = useQuery(api.users.me.query()).data;
  const outcome = lessonOutcome(record.course.scale, record.items);
  const form = useForm<CompleteInput, unknown, CompleteOutput>({
    resolver: zodResolver(completeFormSchema),
    // The certificate number starts from the signer's own profile (read by the shell already); its expiry is given each time.
    defaultValues: { certificate_number: me?.license_number ?? '', certificate_expires: '', remarks: '' },
  });
  const handleSubmit = ({ remarks, ...proof }: CompleteOutput) =>
    complete.mutate(
      { id: record.id, body: { ...proof, remarks: remarks ? remarks : null } },
      {
        onSuccess: (signed) => {
          notify.success(signed.status === 'complete' ? 'Lesson signed: complete' : 'Lesson signed: incomplete');
          onClose();
        },
        onError: (error) => showServerFieldErrors(form.setError, error, [...reauthFieldNames, 'remarks']),
      },
    );
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(handleSubmit)} className="flex flex-col gap-4 p-6" noValidate>
        <h2 className="text-lg font-semibold">Sign and finish the lesson</h2>
        <p className="text-sm text-slate-700">
          {record.student.name ?? 'The student'}, {record.date}: {record.lesson.title}. Once signed, its grades never change.
        </p>
        <Alert tone={outcome.isComplete ? 'success' : 'warning'}>
          {outcome.isComplete
            ? 'Complete: every required item reached its grade.'
            : 'Incomplete: not every required item reached its grade.'}
          {outcome.shortOf.length > 0 ? ` On the rework list: ${outcome.shortOf.map(itemName).join(', ')}.` : ''}
          {outcome.ungraded.length > 0 ? ` Not graded: ${outcome.ungraded.map(itemName).join(', ')}.` : ''}
        </Alert>
        <TextareaField label="Remarks" rows={3} {...form.register('remarks')} />
        {complete.error ? <Alert tone="error">{complete.error.message}</Alert> : null}
        <ReauthFields hasAuthenticator={me?.two_factor_enabled ?? false} note={lessonSignatureNote} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={complete.isPending}>
            Sign and finish
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
