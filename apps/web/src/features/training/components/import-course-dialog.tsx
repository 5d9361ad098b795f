import { zodResolver } from '@hookform/resolvers/zod';
import { courseImportBodySchema, courseImportFormats, gradingScaleKeys, gradingScales, messages, programs } from '@skylog/contracts';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FileField } from '../../../components/ui/file-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import { RowProblemsReport } from '../../../components/ui/row-problems-report.tsx';
import { SelectInput } from '../../../components/ui/select-input.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { trainingPaths } from '../../../config/training-paths.ts';
import { showServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { courseImportReportOf, useImportCourse } from '../api/courses.ts';
import { partLabels } from './training-labels.ts';

/** The contracts' import body, with the chosen file in place of its text (read when the form is sent). */
const importFormSchema = courseImportBodySchema.omit({ file: true }).extend({
  file: z.custom<File>((value) => value instanceof File, { message: 'Choose a course file' }),
});
type ImportInput = z.input<typeof importFormSchema>;
type ImportOutput = z.output<typeof importFormSchema>;

const formatLabels = { json: 'JSON', csv: 'CSV' } as const;

/** A course from the school's own file, taken whole or not at all: a refused file lists every row to correct. */
export function ImportCourseDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return <Modal title="Import a course" content={isOpen ? <ImportCourseForm onClose={onClose} /> : null} onRequestClose={onClose} />;
}

function ImportCourseForm({ onClose }: { onClose: () => void }) {
  const importCourse = useImportCourse();
  const navigate = useNavigate();
  const form = useForm<ImportInput, unknown, ImportOutput>({
    resolver: zodResolver(importFormSchema),
    defaultValues: { name: '', part: '141', scale: 'numeric-4', format: 'csv' },
  });
  const { errors } = form.formState;
  const report = courseImportReportOf(importCourse.error);

  const handleSubmit = async ({ file, ...fields }: ImportOutput) => {
    const body = courseImportBodySchema.safeParse({ ...fields, file: await file.text() });
    if (!body.success) return form.setError('file', { message: body.error.issues[0]?.message ?? messages.unknownError });
    importCourse.mutate(body.data, {
      onSuccess: (course) => {
        notify.success(`${course.name} is imported`);
        onClose();
        void navigate(trainingPaths.course.getHref(course.id));
      },
      onError: (error) => showServerFieldErrors(form.setError, error, ['name', 'part', 'scale', 'format']),
    });
  };

  return (
    <form onSubmit={form.handleSubmit(handleSubmit)} className="flex flex-col gap-4 p-6" noValidate>
      <h2 className="text-lg font-semibold">Import a course</h2>
      <p className="text-sm text-slate-700">
        A JSON file of the course’s stages, lessons and items, or a CSV file with a row per item naming its stage and lesson. Each task code
        must be one of the Private Pilot (FAA-S-ACS-6C) or Instrument Rating (FAA-S-ACS-8C) ACS, each required grade one of the chosen
        scale.
      </p>
      <TextInput label="Name of the course" {...form.register('name')} error={errors.name?.message} />
      <Controller
        control={form.control}
        name="part"
        render={({ field, fieldState }) => (
          <RadioGroup
            label="Trains to"
            name={field.name}
            options={programs.map((part) => ({ value: part, label: partLabels[part] }))}
            value={field.value}
            error={fieldState.error?.message}
            onChange={field.onChange}
          />
        )}
      />
      <SelectInput
        label="Grading scale"
        options={gradingScaleKeys.map((key) => ({ value: key, label: gradingScales[key].label }))}
        {...form.register('scale')}
        error={errors.scale?.message}
      />
      <Controller
        control={form.control}
        name="format"
        render={({ field, fieldState }) => (
          <RadioGroup
            label="File format"
            name={field.name}
            options={courseImportFormats.map((format) => ({ value: format, label: formatLabels[format] }))}
            value={field.value}
            error={fieldState.error?.message}
            onChange={field.onChange}
          />
        )}
      />
      <Controller
        control={form.control}
        name="file"
        render={({ field, fieldState }) => (
          <FileField
            label="Course file"
            accept=".json,.csv,application/json,text/csv"
            name={field.name}
            error={fieldState.error?.message}
            onBlur={field.onBlur}
            onFile={(file) => {
              field.onChange(file);
              // The file's own name says its format; the administrator may still choose the other.
              if (file) form.setValue('format', file.name.toLowerCase().endsWith('.json') ? 'json' : 'csv');
            }}
          />
        )}
      />
      {report ? (
        <RowProblemsReport message={importCourse.error?.message ?? ''} rows={report.rows} fieldHeading="Field" />
      ) : importCourse.error ? (
        <Alert tone="error">{importCourse.error.message}</Alert>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" isLoading={importCourse.isPending}>
          Import
        </Button>
      </div>
    </form>
  );
}
