import { courseTemplateByKey, courseUpdateSchema, trainingMessages, type Course } from '@skylog/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '../../../test-utils.tsx';
import { SyllabusEditor, type SavedSyllabus } from './syllabus-editor.tsx';
import { isSameJson, keysOf, nextKey, syllabusChanges, syllabusValuesOf } from './syllabus-values.ts';

const template = courseTemplateByKey('private-airplane-part-141')!;
const courseId = '99999999-8888-4777-8666-555555555555';
const courseUrl = `/api/courses/${courseId}`;

/** Skylog's Part 141 course as a school copied it: revision 1, locked once a student was enrolled on it. */
const course = (locked: boolean): Course => ({
  id: courseId,
  name: template.name,
  part: template.part,
  scale: template.scale,
  template_key: template.key,
  revision: 1,
  locked,
  content: template.content,
  revisions: [{ number: 1, created_at: '2026-10-01T12:00:00.000Z', locked, students: locked ? 1 : 0 }],
  check_instructors: [],
  updated_at: '2026-10-01T12:00:00.000Z',
});

/** The same JSON with every object's keys in the opposite order, as PostgreSQL's jsonb may hand them back. */
const reversedKeys = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(reversedKeys)
    : typeof value === 'object' && value !== null
      ? Object.fromEntries(
          Object.entries(value)
            .reverse()
            .map(([key, entry]) => [key, reversedKeys(entry)]),
        )
      : value;

const [firstStage] = template.content.stages;
const secondLesson = firstStage!.lessons[1]!;

describe('syllabus values', () => {
  it('turns a course into form values and back through the contracts schema without losing or changing anything', () => {
    const values = courseUpdateSchema.parse(syllabusValuesOf(course(true)));
    expect(isSameJson(values.content, template.content)).toBe(true);
    // An untouched editor sends nothing: a course in use would otherwise get a new revision for no change.
    expect(syllabusChanges(course(true), values)).toEqual({});
  });

  it('sends only what changed, whatever order the stored syllabus keeps its keys in', () => {
    const values = courseUpdateSchema.parse(syllabusValuesOf(course(true)));
    values.content!.stages[0]!.lessons[1]!.title = 'First flight, renamed';
    const stored = { ...course(true), content: reversedKeys(template.content) as Course['content'] };
    expect(syllabusChanges(stored, courseUpdateSchema.parse(syllabusValuesOf(course(true))))).toEqual({});
    const changes = syllabusChanges(stored, values);
    expect(Object.keys(changes)).toEqual(['content']);
    expect(changes.content!.stages[0]!.lessons[1]!.title).toBe('First flight, renamed');
  });

  it('gives a new item the key after the highest of its lesson, never one the course holds', () => {
    const taken = keysOf(template.content);
    const count = secondLesson.items.length;
    expect(nextKey(`${secondLesson.key}-i`, taken)).toBe(`${secondLesson.key}-i${count + 1}`);
    expect(nextKey('s', taken)).toBe(`s${template.content.stages.length + 1}`);
  });
});

// A whole Part 141 syllabus is rendered and checked: on two busy cores that can take longer than the default 5 s.
describe('SyllabusEditor', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  const lessonRegion = () => screen.getByRole('region', { name: 'Lesson 1.2' });
  const openSecondLesson = () => fireEvent.click(within(lessonRegion()).getByRole('button', { name: new RegExp(secondLesson.title) }));

  it('says before saving that a course in use is saved as its next revision, and why the grading scale is locked', () => {
    stubApi(() => ({ status: 500 }));
    renderWithProviders(<SyllabusEditor course={course(true)} onDone={() => {}} />);
    expect(screen.getByText(/saving makes revision 2\. Enrolled students stay on their revision until/)).toBeTruthy();
    const scale = screen.getByLabelText('Grading scale') as HTMLSelectElement;
    expect(scale.disabled).toBe(true);
    expect(screen.getByText(/The grading scale is locked: students have been enrolled on this course/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save as revision 2' })).toBeTruthy();
  });

  it('refuses an item with no name beside it, and sends nothing', async () => {
    const calls = stubApi(() => ({ status: 500 }));
    renderWithProviders(<SyllabusEditor course={course(true)} onDone={() => {}} />);
    openSecondLesson();
    fireEvent.click(within(lessonRegion()).getByRole('button', { name: 'Add an item' }));
    const added = within(lessonRegion()).getByRole('group', { name: `Item ${secondLesson.items.length + 1}: School’s own item` });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save as revision 2' })));

    const name = within(added).getByLabelText('Item name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(within(added).getByText('Item title is required')).toBeTruthy();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('shows what the server refuses beside the field it names, opening the lesson that holds it', async () => {
    const field = 'content.stages.0.lessons.1.items.0.task_code';
    const message = trainingMessages.unknownTask('PA.Z.Z');
    stubApi(() => ({ status: 400, body: { status: 400, code: 'validation_error', message, fields: { [field]: message } } }));
    renderWithProviders(<SyllabusEditor course={course(true)} onDone={() => {}} />);
    // A change, so there is something to send.
    fireEvent.change(screen.getByLabelText('Name of the course'), { target: { value: 'Private Pilot, our edition' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save as revision 2' })));

    const first = await waitFor(() => within(lessonRegion()).getAllByRole('group')[0]!);
    expect(within(first).getByLabelText('ACS task').getAttribute('aria-invalid')).toBe('true');
    expect(within(first).getByText(message)).toBeTruthy();
  });

  it('saves a renamed lesson and a new school item as the next revision, sending only the syllabus', async () => {
    const saved: SavedSyllabus[] = [];
    const calls = stubApi((call) =>
      call.method === 'PATCH' && call.url === courseUrl
        ? {
            status: 200,
            body: { ...course(true), revision: 2, locked: false, content: (call.body as { content: Course['content'] }).content },
          }
        : { status: 404, body: { status: 404, code: 'not_found', message: 'Not found' } },
    );
    renderWithProviders(<SyllabusEditor course={course(true)} onDone={(result) => result && saved.push(result)} />);
    openSecondLesson();
    fireEvent.change(within(lessonRegion()).getByLabelText('Lesson title'), { target: { value: 'First flight, renamed' } });
    fireEvent.click(within(lessonRegion()).getByRole('button', { name: 'Add an item' }));
    const added = within(lessonRegion()).getByRole('group', { name: `Item ${secondLesson.items.length + 1}: School’s own item` });
    fireEvent.change(within(added).getByLabelText('Item name'), { target: { value: 'Radio calls at a towered field' } });
    fireEvent.change(within(added).getByLabelText('Grade to reach'), { target: { value: '4' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save as revision 2' })));

    await waitFor(() => expect(saved).toEqual([{ revision: 2, isNewRevision: true, previousRevision: 1 }]));
    const [patch] = calls.filter((call) => call.method === 'PATCH');
    const body = patch!.body as { content: Course['content'] };
    expect(Object.keys(body)).toEqual(['content']);
    const lesson = body.content.stages[0]!.lessons[1]!;
    expect(lesson.title).toBe('First flight, renamed');
    expect(lesson.items.at(-1)).toEqual({
      key: `${secondLesson.key}-i${secondLesson.items.length + 1}`,
      task_code: null,
      title: 'Radio calls at a towered field',
      kind: secondLesson.kind,
      required_grade: '4',
      required: true,
    });
    // Everything else is as it was.
    expect(isSameJson(lesson.items.slice(0, -1), secondLesson.items)).toBe(true);
  });
});
