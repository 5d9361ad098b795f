import { zodResolver } from '@hookform/resolvers/zod';
import { courseCreateSchema, type CourseList } from '@skylog/contracts';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SelectInput } from '../../../components/ui/select-input.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { trainingPaths } from '../../../config/training-paths.ts';
import { showServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useCreateCourse } from '../api/courses.ts';
import { partLabels } from './training-labels.ts';

/** A copy of a shipped template: contracts' new course body, naming the template and the copy's name. */
type CopyInput = z.input<typeof courseCreateSchema>;
type CopyOutput = z.output<typeof courseCreateSchema>;
type Template = CourseList['templates'][number];

/** Copies Skylog's Private Pilot course (Part 61 or Part 141) into the school's own courses, then opens the copy. */
export function CopyTemplateDialog({
  templates,
  isOpen,
  onClose,
}: {
  templates: readonly Template[];
  isOpen: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      title="Copy a course template"
      content={isOpen ? <CopyTemplateForm templates={templates} onClose={onClose} /> : null}
      onRequestClose={onClose}
    />
  );
}

function CopyTemplateForm({ templates, onClose }: { templates: readonly Template[]; onClose: () => void }) {
  const createCourse = useCreateCourse();
  const navigate = useNavigate();
  const [first] = templates;
  const form = useForm<CopyInput, unknown, CopyOutput>({
    resolver: zodResolver(courseCreateSchema),
    defaultValues: { template_key: first?.key ?? '', name: first?.name ?? '' },
  });
  const { errors } = form.formState;
  const templateField = form.register('template_key', {
    // The copy is named after its template until the administrator names it.
    onChange: (event: { target: { value: string } }) =>
      form.setValue('name', templates.find((template) => template.key === event.target.value)?.name ?? ''),
  });
  const handleSubmit = (body: CopyOutput) =>
    createCourse.mutate(body, {
      onSuccess: (course) => {
        notify.success(`${course.name} is one of your school's courses`);
        onClose();
        void navigate(trainingPaths.course.getHref(course.id));
      },
      onError: (error) => showServerFieldErrors(form.setError, error, ['template_key', 'name']),
    });
  return (
    <form onSubmit={form.handleSubmit(handleSubmit)} className="flex flex-col gap-4 p-6" noValidate>
      <h2 className="text-lg font-semibold">Copy a course template</h2>
      <p className="text-sm text-slate-700">
        Skylog’s Private Pilot – Airplane course, in three stages with a stage check each, every item an FAA-S-ACS-6C task or the school’s
        own. The copy is yours to change; the template stays as it is.
      </p>
      <SelectInput
        label="Template"
        options={templates.map((template) => ({ value: template.key, label: `${template.name} — ${partLabels[template.part]}` }))}
        {...templateField}
        error={errors.template_key?.message}
      />
      <TextInput label="Name of the course" {...form.register('name')} error={errors.name?.message} />
      {createCourse.error ? <Alert tone="error">{createCourse.error.message}</Alert> : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" isLoading={createCourse.isPending}>
          Copy
        </Button>
      </div>
    </form>
  );
}
