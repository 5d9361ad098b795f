import { zodResolver } from '@hookform/resolvers/zod';
import {
  courseUpdateSchema,
  gradingScaleKeys,
  gradingScales,
  messages,
  type Course,
  type CourseContent,
  type CourseItem,
  type GradingScaleKey,
} from '@skylog/contracts';
import { ArrowDown, ArrowUp, ChevronDown, ChevronRight, Plus, Trash2 } from 'lucide-react';
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { Controller, get, useFieldArray, useForm, useWatch, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectInput } from '../../../components/ui/select-input.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { showNestedServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useCourse, useCourseRevisions, useUpdateCourse } from '../api/courses.ts';
import { stageCheckCitation } from './training-labels.ts';
import {
  acsTaskOptions,
  blankItem,
  blankLesson,
  blankStage,
  findAcsTasks,
  isScaleLocked,
  keysOf,
  nextKey,
  regradeForScale,
  syllabusChanges,
  syllabusValuesOf,
  type SyllabusOutput,
  type SyllabusValues,
} from './syllabus-values.ts';

type SyllabusForm = UseFormReturn<SyllabusValues, unknown, SyllabusOutput>;

/** What a save wrote: the revision, and whether it is a new one (the course was in use). */
export type SavedSyllabus = { revision: number; isNewRevision: boolean; previousRevision: number };

/** A new key for a stage, lesson or item: not one the course shows now or showed when the editor opened. */
type NewKey = (prefix: string) => string;

const kindOptions = [
  { value: 'flight', label: 'Flight' },
  { value: 'ground', label: 'Ground' },
];

/** The message of the form's error at a place such as `content.stages.0.title`, client's or server's. */
const errorAt = (errors: FieldErrors<SyllabusValues>, path: string): string | undefined =>
  (get(errors, path) as { message?: string } | undefined)?.message;

/** Whether anything below a place (a lesson, an item) is in error: a closed lesson with one opens to show it. */
const hasErrorsAt = (errors: FieldErrors<SyllabusValues>, path: string) => get(errors, path) !== undefined;

/**
 * The syllabus editor for the course's newest revision, read here so an older revision on screen is never the one
 * changed. Loaded only when an administrator opens it.
 */
export function SyllabusEditorScreen({ id, onDone }: { id: string; onDone: (saved: SavedSyllabus | null) => void }) {
  const course = useCourse(id);
  // Every revision's keys, not only the newest's: a student moved from an old revision meets its lessons by key.
  const revisions = useCourseRevisions(id, course.data?.revisions.map((revision) => revision.number) ?? []);
  const failed = course.error ?? revisions.find((revision) => revision.error)?.error;
  if (failed) return <Alert tone="error">{failed.message}</Alert>;
  if (!course.data || revisions.some((revision) => revision.isPending)) return <p className="text-sm text-slate-600">{messages.loading}</p>;
  const everKeys = new Set(revisions.flatMap((revision) => [...keysOf(revision.data?.content)]));
  return <SyllabusEditor course={course.data} everKeys={everKeys} onDone={onDone} />;
}

/**
 * A course's name, grading scale, plan and syllabus, changed on screen (docs/product.md "Lessons and grading"): stages
 * of lessons of items, each item an ACS task or the school's own. Checked by contracts' course change schema before
 * it is sent; what the server refuses is shown beside the field it names. A course in use is saved as its next
 * revision, and its enrolled students stay on theirs until moved.
 */
export function SyllabusEditor({
  course,
  everKeys,
  onDone,
}: {
  course: Course;
  /** The keys of every revision of the course, when read; the shown revision's otherwise. */
  everKeys?: ReadonlySet<string>;
  onDone: (saved: SavedSyllabus | null) => void;
}) {
  const update = useUpdateCourse();
  const [isUnchanged, setIsUnchanged] = useState(false);
  const form: SyllabusForm = useForm<SyllabusValues, unknown, SyllabusOutput>({
    resolver: zodResolver(courseUpdateSchema),
    defaultValues: syllabusValuesOf(course),
  });
  const { errors, isSubmitted } = form.formState;
  const scaleNoteId = useId();
  const scale = useWatch({ control: form.control, name: 'scale' }) ?? course.scale;
  const scaleLocked = isScaleLocked(course);
  const [regraded, setRegraded] = useState(0);
  const nextRevision = course.revision + 1;
  // What the course held when the editor opened: its lessons start closed, and their keys stay taken.
  const [openedKeys] = useState(() => keysOf(course.content));
  // Lessons and items are found by their keys across revisions: a removed one's key is never handed to a new one.
  const newKey: NewKey = (prefix) =>
    nextKey(prefix, new Set([...(everKeys ?? []), ...openedKeys, ...keysOf(form.getValues('content') as CourseContent)]));

  const handleScale = (next: GradingScaleKey) => {
    const content = form.getValues('content') as CourseContent;
    const changed = regradeForScale(content, next);
    for (const { path, grade } of changed) form.setValue(path, grade, { shouldDirty: true });
    setRegraded(changed.length);
  };

  const handleSubmit = (values: SyllabusOutput) => {
    const body = syllabusChanges(course, values);
    setIsUnchanged(Object.keys(body).length === 0);
    if (Object.keys(body).length === 0) return;
    // Awaited rather than given to `mutate`: the save refreshes the course, which may show this editor anew before
    // the save's own answer is handled, and `mutate`'s callbacks are dropped for an editor no longer shown.
    update.mutateAsync({ id: course.id, body }).then(
      (saved) => onDone({ revision: saved.revision, isNewRevision: saved.revision > course.revision, previousRevision: course.revision }),
      (error: unknown) =>
        showNestedServerFieldErrors(form.setError, error, (name) => name === 'name' || name === 'scale' || name.startsWith('content.')),
    );
  };

  return (
    <form
      onSubmit={form.handleSubmit(handleSubmit)}
      noValidate
      aria-label="Edit syllabus"
      className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 className="text-lg font-semibold text-slate-900">Edit syllabus</h2>
      <RevisionNotice course={course} nextRevision={nextRevision} />
      <fieldset className="flex min-w-0 flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold text-slate-800">Course</legend>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <TextInput label="Name of the course" {...form.register('name')} error={errorAt(errors, 'name')} />
          <TextInput
            label="Planned weeks"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            {...form.register('content.planned_weeks', { valueAsNumber: true })}
            error={errorAt(errors, 'content.planned_weeks')}
          />
        </div>
        <SelectInput
          label="Grading scale"
          className="sm:max-w-sm"
          disabled={scaleLocked}
          aria-describedby={scaleNoteId}
          options={gradingScaleKeys.map((key) => ({ value: key, label: gradingScales[key].label }))}
          {...form.register('scale', {
            onChange: (event: { target: { value: string } }) => handleScale(event.target.value as GradingScaleKey),
          })}
          error={errorAt(errors, 'scale')}
        />
        {scaleLocked ? (
          <p id={scaleNoteId} className="text-xs text-slate-600">
            The grading scale is locked: students have been enrolled on this course, and the grades they were given are on this scale.
          </p>
        ) : (
          <p id={scaleNoteId} className="text-xs text-slate-600">
            The grading scale can change only while nobody has ever been enrolled on the course.
          </p>
        )}
        {regraded > 0 ? (
          <Alert tone="info">
            {regraded} {regraded === 1 ? 'item asked' : 'items asked'} for a grade the {gradingScales[scale].label} scale does not have: now{' '}
            {gradingScales[scale].passing}, its passing grade.
          </Alert>
        ) : null}
      </fieldset>
      <StagesEditor form={form} scale={scale} newKey={newKey} openedKeys={openedKeys} />
      {isUnchanged ? <Alert tone="info">Nothing has changed: there is nothing to save.</Alert> : null}
      {isSubmitted && Object.keys(errors).length > 0 && !update.error ? (
        <Alert tone="error">Correct the fields marked in red; nothing was saved.</Alert>
      ) : null}
      {update.error ? <Alert tone="error">{update.error.message}; nothing was saved.</Alert> : null}
      <div className="sticky bottom-0 -mx-4 -mb-4 flex flex-wrap items-center justify-end gap-2 rounded-b-xl border-t border-slate-200 bg-white px-4 py-3">
        <Button variant="secondary" onClick={() => onDone(null)}>
          Cancel
        </Button>
        <Button type="submit" isLoading={update.isPending}>
          {course.locked ? `Save as revision ${nextRevision}` : 'Save syllabus'}
        </Button>
      </div>
    </form>
  );
}

/** What saving will do, said before it is done (docs/product.md "Lessons and grading"). */
function RevisionNotice({ course, nextRevision }: { course: Course; nextRevision: number }) {
  const students = course.revisions.find((revision) => revision.number === course.revision)?.students ?? 0;
  if (!course.locked) return <Alert tone="info">Nobody is enrolled on revision {course.revision} yet: saving changes it as it is.</Alert>;
  return (
    <Alert tone="warning">
      Revision {course.revision} is in use ({students} {students === 1 ? 'student' : 'students'} enrolled), so it is locked: saving makes
      revision {nextRevision}. Enrolled students stay on their revision until an administrator or their instructor moves them to the new
      one.
    </Alert>
  );
}

function StagesEditor({
  form,
  scale,
  newKey,
  openedKeys,
}: {
  form: SyllabusForm;
  scale: GradingScaleKey;
  newKey: NewKey;
  openedKeys: ReadonlySet<string>;
}) {
  const stages = useFieldArray({ control: form.control, name: 'content.stages' });
  const error = errorAt(form.formState.errors, 'content.stages') ?? errorAt(form.formState.errors, 'content.stages.root');
  const addStage = () => {
    const key = newKey('s');
    stages.append(blankStage(key, `${key}-l1`));
  };
  return (
    <div className="flex min-w-0 flex-col gap-4">
      {stages.fields.map((field, index) => (
        <StageEditor
          key={field.id}
          form={form}
          s={index}
          count={stages.fields.length}
          scale={scale}
          newKey={newKey}
          openedKeys={openedKeys}
          onMove={(to) => stages.move(index, to)}
          onRemove={() => stages.remove(index)}
        />
      ))}
      {error ? <p className="text-xs text-red-600">{error}</p> : null}
      <Button variant="secondary" className="self-start" onClick={addStage}>
        <Plus size={16} aria-hidden className="mr-1" /> Add a stage
      </Button>
    </div>
  );
}

type OrderProps = { index: number; count: number; noun: string; onMove: (to: number) => void; onRemove: () => void; minimum?: number };

/** Move up, move down and remove, each named for what it moves. */
function OrderButtons({ index, count, noun, onMove, onRemove, minimum = 0 }: OrderProps) {
  return (
    <div className="flex shrink-0 gap-1">
      <IconButton label={`Move ${noun} up`} disabled={index === 0} onClick={() => onMove(index - 1)}>
        <ArrowUp size={16} aria-hidden />
      </IconButton>
      <IconButton label={`Move ${noun} down`} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
        <ArrowDown size={16} aria-hidden />
      </IconButton>
      <IconButton
        label={`Remove ${noun}`}
        disabled={count <= minimum}
        title={count <= minimum ? `The last one cannot be removed: at least ${minimum} is needed` : undefined}
        onClick={onRemove}
      >
        <Trash2 size={16} aria-hidden />
      </IconButton>
    </div>
  );
}

function IconButton({
  label,
  children,
  ...props
}: {
  label: string;
  children: ReactNode;
  disabled?: boolean;
  title?: string | undefined;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      className="inline-flex h-9 w-9 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:cursor-not-allowed disabled:text-slate-300"
      {...props}
    >
      {children}
    </button>
  );
}

function Checkbox({ label, ...props }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      <input type="checkbox" className="h-4 w-4 accent-brand-600" {...props} />
      {label}
    </label>
  );
}

function Objective({
  form,
  name,
  label,
}: {
  form: SyllabusForm;
  name: `content.stages.${number}.objective` | `content.stages.${number}.lessons.${number}.objective`;
  label: string;
}) {
  return <TextareaField label={label} rows={2} {...form.register(name)} error={errorAt(form.formState.errors, name)} />;
}

type StageProps = {
  form: SyllabusForm;
  s: number;
  count: number;
  scale: GradingScaleKey;
  newKey: NewKey;
  openedKeys: ReadonlySet<string>;
  onMove: (to: number) => void;
  onRemove: () => void;
};

function StageEditor({ form, s, count, scale, newKey, openedKeys, onMove, onRemove }: StageProps) {
  const path = `content.stages.${s}` as const;
  const title = useWatch({ control: form.control, name: `${path}.title` });
  const stageKey = useWatch({ control: form.control, name: `${path}.key` });
  const lessons = useFieldArray({ control: form.control, name: `${path}.lessons` });
  const errors = form.formState.errors;
  const lessonsError = errorAt(errors, `${path}.lessons`) ?? errorAt(errors, `${path}.lessons.root`);
  const name = `stage ${s + 1}`;
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-300 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">
        {/* The shipped courses' stage titles say "Stage 1: …" already. */}
        {title || `Stage ${s + 1}, untitled`}
      </legend>
      <div className="flex flex-wrap items-end gap-2">
        <TextInput
          label="Stage title"
          className="min-w-0 flex-1"
          {...form.register(`${path}.title`)}
          error={errorAt(errors, `${path}.title`)}
        />
        <OrderButtons index={s} count={count} noun={name} onMove={onMove} onRemove={onRemove} minimum={1} />
      </div>
      <Objective form={form} name={`${path}.objective`} label="Stage objective" />
      <ol className="flex flex-col gap-2">
        {lessons.fields.map((field, index) => (
          <li key={field.id}>
            <LessonEditor
              form={form}
              s={s}
              l={index}
              count={lessons.fields.length}
              scale={scale}
              newKey={newKey}
              startsOpen={!openedKeys.has(field.key)}
              onMove={(to) => lessons.move(index, to)}
              onRemove={() => lessons.remove(index)}
            />
          </li>
        ))}
      </ol>
      {lessonsError ? <p className="text-xs text-red-600">{lessonsError}</p> : null}
      <Button variant="secondary" className="self-start" onClick={() => lessons.append(blankLesson(newKey(`${stageKey}-l`)))}>
        <Plus size={16} aria-hidden className="mr-1" /> Add a lesson to stage {s + 1}
      </Button>
    </fieldset>
  );
}

type LessonProps = {
  form: SyllabusForm;
  s: number;
  l: number;
  count: number;
  scale: GradingScaleKey;
  newKey: NewKey;
  startsOpen: boolean;
  onMove: (to: number) => void;
  onRemove: () => void;
};

/**
 * One lesson: closed to its title until opened, so a course of forty lessons stays short on a phone; a lesson with
 * a field in error opens to show it.
 */
function LessonEditor({ form, s, l, count, scale, newKey, startsOpen, onMove, onRemove }: LessonProps) {
  const path = `content.stages.${s}.lessons.${l}` as const;
  const [isOpenChosen, setIsOpen] = useState(startsOpen);
  const bodyId = useId();
  const title = useWatch({ control: form.control, name: `${path}.title` });
  const kind = useWatch({ control: form.control, name: `${path}.kind` });
  const itemCount = useWatch({ control: form.control, name: `${path}.items` })?.length ?? 0;
  const errors = form.formState.errors;
  const isOpen = isOpenChosen || hasErrorsAt(errors, path);
  const name = `lesson ${s + 1}.${l + 1}`;
  return (
    <section aria-label={`Lesson ${s + 1}.${l + 1}`} className="min-w-0 rounded-lg border border-slate-200">
      <div className="flex flex-wrap items-center gap-2 px-2 py-2">
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={bodyId}
          onClick={() => setIsOpen(!isOpen)}
          className="flex min-w-0 flex-1 items-center gap-1 rounded-md px-1 py-1 text-left text-sm hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          {isOpen ? <ChevronDown size={16} aria-hidden /> : <ChevronRight size={16} aria-hidden />}
          <span className="font-medium text-slate-900">
            {s + 1}.{l + 1} {title || 'Untitled lesson'}
          </span>
          <span className="text-xs text-slate-500">
            · {kind === 'ground' ? 'Ground' : 'Flight'} · {itemCount} {itemCount === 1 ? 'item' : 'items'}
          </span>
        </button>
        <OrderButtons index={l} count={count} noun={name} onMove={onMove} onRemove={onRemove} minimum={1} />
      </div>
      {isOpen ? (
        <div id={bodyId} className="flex flex-col gap-3 border-t border-slate-100 p-3">
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,1fr)_auto_auto]">
            <TextInput label="Lesson title" {...form.register(`${path}.title`)} error={errorAt(errors, `${path}.title`)} />
            <SelectInput
              label="Lesson kind"
              options={kindOptions}
              {...form.register(`${path}.kind`)}
              error={errorAt(errors, `${path}.kind`)}
            />
            <TextInput
              label="Planned hours"
              type="number"
              inputMode="decimal"
              min={0}
              max={24}
              step={0.1}
              className="sm:w-32"
              {...form.register(`${path}.planned_hours`, { valueAsNumber: true })}
              error={errorAt(errors, `${path}.planned_hours`)}
            />
          </div>
          <Checkbox label={`Stage check (${stageCheckCitation})`} {...form.register(`${path}.stage_check`)} />
          <Objective form={form} name={`${path}.objective`} label="Lesson objective" />
          <ItemsEditor form={form} s={s} l={l} scale={scale} newKey={newKey} />
        </div>
      ) : null}
    </section>
  );
}

function ItemsEditor({ form, s, l, scale, newKey }: { form: SyllabusForm; s: number; l: number; scale: GradingScaleKey; newKey: NewKey }) {
  const path = `content.stages.${s}.lessons.${l}` as const;
  const items = useFieldArray({ control: form.control, name: `${path}.items` });
  const lessonKey = useWatch({ control: form.control, name: `${path}.key` });
  const lessonKind = useWatch({ control: form.control, name: `${path}.kind` });
  const error = errorAt(form.formState.errors, `${path}.items`) ?? errorAt(form.formState.errors, `${path}.items.root`);
  return (
    <div className="flex flex-col gap-2">
      <h4 className="text-sm font-semibold text-slate-800">Items</h4>
      {items.fields.length === 0 ? <p className="text-sm text-slate-600">No items yet.</p> : null}
      <ol className="flex flex-col gap-2">
        {items.fields.map((field, index) => (
          <li key={field.id}>
            <ItemEditor
              form={form}
              path={`${path}.items.${index}`}
              index={index}
              count={items.fields.length}
              scale={scale}
              onMove={(to) => items.move(index, to)}
              onRemove={() => items.remove(index)}
            />
          </li>
        ))}
      </ol>
      {error ? <p className="text-xs text-red-600">{error}</p> : null}
      <Button
        variant="secondary"
        className="self-start"
        onClick={() =>
          items.append(blankItem(newKey(`${lessonKey}-i`), lessonKind ?? 'flight', scale), {
            focusName: `${path}.items.${items.fields.length}.task_code`,
          })
        }
      >
        <Plus size={16} aria-hidden className="mr-1" /> Add an item
      </Button>
    </div>
  );
}

type ItemPath = `content.stages.${number}.lessons.${number}.items.${number}`;

type ItemProps = {
  form: SyllabusForm;
  path: ItemPath;
  index: number;
  count: number;
  scale: GradingScaleKey;
  onMove: (to: number) => void;
  onRemove: () => void;
};

/** One item: an ACS task chosen from the list (its title and kind are the ACS's), or the school's own, named. */
function ItemEditor({ form, path, index, count, scale, onMove, onRemove }: ItemProps) {
  const taskCode = useWatch({ control: form.control, name: `${path}.task_code` });
  const title = useWatch({ control: form.control, name: `${path}.title` });
  const errors = form.formState.errors;
  const named = taskCode ? `${taskCode} ${title}` : title || 'School’s own item';
  const handleTask = (task: { code: string; title: string; kind: CourseItem['kind'] } | null) => {
    if (!task) return;
    form.setValue(`${path}.title`, task.title, { shouldDirty: true });
    form.setValue(`${path}.kind`, task.kind, { shouldDirty: true });
  };
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-md border border-slate-200 bg-slate-50 p-3">
      <legend className="sr-only">
        Item {index + 1}: {named}
      </legend>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p aria-hidden className="min-w-0 flex-1 text-sm font-medium text-slate-800">
          {index + 1}. {named}
        </p>
        <OrderButtons index={index} count={count} noun={`item ${index + 1}`} onMove={onMove} onRemove={onRemove} />
      </div>
      <Controller
        control={form.control}
        name={`${path}.task_code`}
        render={({ field, fieldState }) => (
          <TaskPicker
            value={field.value ?? null}
            name={field.name}
            inputRef={field.ref}
            error={fieldState.error?.message}
            onChange={(code, task) => {
              field.onChange(code);
              handleTask(task);
            }}
          />
        )}
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {taskCode === null ? (
          <TextInput
            label="Item name"
            className="sm:col-span-2"
            {...form.register(`${path}.title`)}
            error={errorAt(errors, `${path}.title`)}
          />
        ) : null}
        <SelectInput label="Item kind" options={kindOptions} {...form.register(`${path}.kind`)} error={errorAt(errors, `${path}.kind`)} />
        <SelectInput
          label="Grade to reach"
          options={gradingScales[scale].grades.map((grade) => ({ value: grade.code, label: `${grade.code} — ${grade.label}` }))}
          {...form.register(`${path}.required_grade`)}
          error={errorAt(errors, `${path}.required_grade`)}
        />
      </div>
      <Checkbox label="Required for the lesson to be complete" {...form.register(`${path}.required`)} />
      {errorAt(errors, `${path}.key`) ? <p className="text-xs text-red-600">{errorAt(errors, `${path}.key`)}</p> : null}
    </fieldset>
  );
}

type TaskPickerProps = {
  value: string | null;
  name: string;
  inputRef: (element: HTMLSelectElement | null) => void;
  error: string | undefined;
  onChange: (code: string | null, task: { code: string; title: string; kind: CourseItem['kind'] } | null) => void;
};

/**
 * The ACS task an item grades, searchable by code or title ("steep", "PA.V"), or none for the school's own item.
 * The task chosen stays in the list whatever is typed, so the choice is always shown.
 */
function TaskPicker({ value, name, inputRef, error, onChange }: TaskPickerProps) {
  const [search, setSearch] = useState('');
  const found = findAcsTasks(search);
  const current = value ? acsTaskOptions.find((task) => task.code === value) : undefined;
  const shown = current && !found.includes(current) ? [current, ...found] : found;
  // The form's ref on the select, as `register` gives one, so a refused task is focused like any field.
  const field = { name, ref: inputRef };
  const options = [
    { value: '', label: 'None — the school’s own item' },
    ...shown.map((task) => ({ value: task.code, label: `${task.code} — ${task.title}` })),
    // A code the ACS lists do not hold (refused by the server) is still shown as it is, so its error reads beside it.
    ...(value && !shown.some((task) => task.code === value) ? [{ value, label: value }] : []),
  ];
  return (
    <div className="grid grid-cols-1 gap-2 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
      <TextInput
        label="Search tasks by code or title"
        type="search"
        value={search}
        placeholder="PA.V or steep"
        onChange={(event) => setSearch(event.target.value)}
      />
      <SelectInput
        label="ACS task"
        {...field}
        value={value ?? ''}
        options={options}
        error={error}
        onChange={(event) => {
          const code = event.target.value === '' ? null : event.target.value;
          onChange(code, acsTaskOptions.find((task) => task.code === code) ?? null);
        }}
      />
      {search && found.length === 0 ? <p className="text-xs text-slate-600 sm:col-start-2">No ACS task matches “{search}”.</p> : null}
    </div>
  );
}
