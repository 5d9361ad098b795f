import { zodResolver } from '@hookform/resolvers/zod';
import { gradingScales, lessonRecordGradesSchema, type GradingScaleKey, type LessonRecord, type LessonRecordItem } from '@skylog/contracts';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { useGradeItems } from '../api/lesson-records.ts';
import { Badge } from './badge.tsx';
import { ItemProposal } from './item-proposal.tsx';
import { itemName } from './item-name.ts';
import { acsDocumentOf, gradeText } from './training-labels.ts';

type GradesInput = z.input<typeof lessonRecordGradesSchema>;
type GradesOutput = z.output<typeof lessonRecordGradesSchema>;
type GradeLine = GradesOutput['grades'][number];

const formValuesOf = (record: LessonRecord): GradesInput => ({
  grades: record.items.map((item) => ({ item_key: item.item_key, grade: item.grade, remark: item.remark ?? '' })),
});

/** Only the lines the instructor changed are sent; an emptied remark is no remark. */
function changedLines(record: LessonRecord, lines: readonly GradeLine[]): GradeLine[] {
  return lines
    .map((line) => ({ ...line, remark: line.remark ? line.remark : null }))
    .filter((line) => {
      const item = record.items.find((candidate) => candidate.item_key === line.item_key);
      return item !== undefined && (item.grade !== line.grade || (item.remark ?? null) !== line.remark);
    });
}

/**
 * The instructor's grades of a lesson on the course's scale, one line per item (contracts' grades body), with
 * Skylog's proposal beside each task it measured. "Sign and finish" saves what changed first, then asks for the
 * signature.
 */
export function GradesForm({ record, onSign }: { record: LessonRecord; onSign: (record: LessonRecord) => void }) {
  const gradeItems = useGradeItems();
  const form = useForm<GradesInput, unknown, GradesOutput>({
    resolver: zodResolver(lessonRecordGradesSchema),
    defaultValues: formValuesOf(record),
  });
  const { errors, isDirty } = form.formState;

  /** Saves the changed lines; the lesson as the server now has it, or null when saving failed. */
  const save = async (values: GradesOutput): Promise<LessonRecord | null> => {
    const grades = changedLines(record, values.grades);
    if (grades.length === 0) return record;
    try {
      const saved = await gradeItems.mutateAsync({ id: record.id, body: { grades } });
      form.reset(formValuesOf(saved));
      return saved;
    } catch {
      return null;
    }
  };
  const handleSave = async (values: GradesOutput) => {
    if (await save(values)) notify.success('Grades saved');
  };
  const handleSign = async (values: GradesOutput) => {
    const saved = await save(values);
    if (saved) onSign(saved);
  };

  return (
    <form onSubmit={form.handleSubmit(handleSave)} className="flex flex-col gap-3" noValidate>
      <ol className="flex flex-col gap-3">
        {record.items.map((item, index) => {
          const gradeField = `grades.${index}.grade` as const;
          const chosen = form.watch(gradeField);
          return (
            <li key={item.item_key}>
              <ItemCard item={item} scale={record.course.scale}>
                <fieldset className="flex flex-wrap items-center gap-2">
                  <legend className="sr-only">Grade of {itemName(item)}</legend>
                  {gradingScales[record.course.scale].grades.map((grade) => (
                    <label key={grade.code} title={grade.label} className="relative">
                      {/* The radio itself lies over its button, unseen: a click or a tap lands on it, and it keeps the keyboard's arrows. */}
                      <input
                        type="radio"
                        value={grade.code}
                        {...form.register(gradeField)}
                        className="peer absolute inset-0 cursor-pointer opacity-0"
                      />
                      <span className="inline-flex min-w-10 items-center justify-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 peer-checked:border-brand-600 peer-checked:bg-brand-600 peer-checked:text-white peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500">
                        {grade.code}
                        <span className="sr-only"> — {grade.label}</span>
                      </span>
                    </label>
                  ))}
                  {chosen ? (
                    <Button variant="link" className="ml-1 text-xs" onClick={() => form.setValue(gradeField, null, { shouldDirty: true })}>
                      Clear grade
                    </Button>
                  ) : (
                    <span className="text-xs text-slate-500">Not graded</span>
                  )}
                </fieldset>
                <ItemProposal
                  item={{ ...item, grade: chosen ?? null }}
                  scale={record.course.scale}
                  tripId={record.trip_id}
                  onUse={() => form.setValue(gradeField, item.proposal?.grade ?? null, { shouldDirty: true })}
                />
                <TextInput label="Remark" {...form.register(`grades.${index}.remark`)} error={errors.grades?.[index]?.remark?.message} />
              </ItemCard>
            </li>
          );
        })}
      </ol>
      {gradeItems.error ? <Alert tone="error">{gradeItems.error.message}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="submit" variant="secondary" disabled={!isDirty} isLoading={gradeItems.isPending}>
          Save grades
        </Button>
        <Button onClick={() => void form.handleSubmit(handleSign)()} isLoading={gradeItems.isPending}>
          Sign and finish
        </Button>
      </div>
    </form>
  );
}

/** A lesson's grades as given, for whoever reads it without grading it (the student, the school's admins). */
export function GradedItems({ record }: { record: LessonRecord }) {
  return (
    <ol className="flex flex-col gap-3">
      {record.items.map((item) => (
        <li key={item.item_key}>
          <ItemCard item={item} scale={record.course.scale}>
            <p className="text-sm">
              Grade: <span className="font-semibold">{item.grade ? gradeText(record.course.scale, item.grade) : 'Not graded'}</span>
              {item.graded_by?.name ? <span className="text-xs text-slate-500"> by {item.graded_by.name}</span> : null}
            </p>
            {item.remark ? <p className="text-sm text-slate-700">Remark: {item.remark}</p> : null}
            <ItemProposal item={item} scale={record.course.scale} tripId={record.trip_id} />
          </ItemCard>
        </li>
      ))}
    </ol>
  );
}

/** An item's heading: its ACS task (or the school's own), the grade it must reach, and whether it is rework carried in. */
function ItemCard({ item, scale, children }: { item: LessonRecordItem; scale: GradingScaleKey; children: ReactNode }) {
  const document = item.task_code ? acsDocumentOf(item.task_code) : null;
  return (
    <article aria-label={itemName(item)} className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-center gap-2">
        {item.task_code ? (
          <span className="font-mono text-xs font-semibold text-slate-700" title={document ?? undefined}>
            {item.task_code}
          </span>
        ) : (
          <Badge>School’s own</Badge>
        )}
        <h3 className="text-sm font-semibold text-slate-900">{item.title}</h3>
        <Badge>{item.kind === 'flight' ? 'Flight' : 'Ground'}</Badge>
        {item.rework_id ? <Badge tone="warning">Rework</Badge> : null}
      </div>
      <p className="text-xs text-slate-600">
        {item.required ? 'Required' : 'Optional'}: {gradeText(scale, item.required_grade)}
        {document ? ` (${document})` : ''}
      </p>
      {children}
    </article>
  );
}
