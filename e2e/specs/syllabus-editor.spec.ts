import { expect, test, type Page } from '@playwright/test';
import { courseTemplateByKey, type Course, type CourseList } from '@skylog/contracts';
import { logOut, signIn, skylogIdOf } from './fixtures.ts';
import { findTripByName } from './flight-helpers.ts';
import { toast } from './shell-helpers.ts';

/** The demo school's Part 141 course, on which the demo student Stella Park is enrolled (apps/server/src/db/seed). */
const demoCourse = courseTemplateByKey('private-airplane-part-141')!;
/** Stage 1's fourth lesson, a ground lesson nobody has given the demo student yet. */
const lessonKey = 's1-l4';
const oldTitle = demoCourse.content.stages[0]!.lessons.find((lesson) => lesson.key === lessonKey)!.title;
const itemCount = demoCourse.content.stages[0]!.lessons[3]!.items.length;
/** The demo flight the demo student flew with her instructor (demo-trips/pattern-work-kpao.json). */
const patternFlightName = 'Pattern work at KPAO';

async function demoCourseOf(page: Page): Promise<Course> {
  const list = (await (await page.request.get('/api/courses')).json()) as CourseList;
  const { id } = list.courses.find((course) => course.name === demoCourse.name)!;
  const response = await page.request.get(`/api/courses/${id}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Course;
}

/**
 * Editing a syllabus on screen (docs/product.md "Lessons and grading"): the school's administrator changes the demo
 * course, which the demo student is enrolled on; an item with no name is refused beside it and nothing is saved; the
 * change is saved as the next revision, the student stays on hers until her instructor moves her, and the lesson
 * then has the new item.
 */
test('an admin edits a course in use: the change is the next revision; the enrolled student moves to it and her lesson has the new item', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const newTitle = `Airports, airspace and tower calls ${Date.now().toString(36)}`;
  const itemName = 'Read back a taxi clearance at a towered airport';

  await signIn(page, 'orgadmin@skyline.test');
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  const before = await demoCourseOf(page);
  expect(before.locked).toBe(true);
  const revision = before.revision;
  const next = revision + 1;
  await page.goto(`/dashboard/training/courses/${before.id}`);
  const header = page.getByRole('region', { name: 'Course', exact: true });
  await expect(header).toContainText(`Revision ${revision}`);
  await header.getByRole('button', { name: 'Edit syllabus' }).click();

  const editor = page.getByRole('form', { name: 'Edit syllabus' });
  // Said before saving: the course is in use, so saving writes the next revision; and why the scale cannot change.
  await expect(editor).toContainText(`saving makes revision ${next}. Enrolled students stay on their revision until`);
  await expect(editor.getByLabel('Grading scale')).toBeDisabled();
  await expect(editor).toContainText('The grading scale is locked: students have been enrolled on this course');

  const lesson = editor.getByRole('region', { name: 'Lesson 1.4' });
  await lesson.getByRole('button', { name: new RegExp(`^1\\.4 ${oldTitle}`) }).click();
  await lesson.getByLabel('Lesson title').fill(newTitle);
  await lesson.getByRole('button', { name: 'Add an item' }).click();
  // Named for what it holds, so once named it is found by its place: the last of the lesson's items.
  await expect(lesson.getByRole('group').last()).toHaveAccessibleName(`Item ${itemCount + 1}: School’s own item`);
  const item = lesson.getByRole('group').last();
  await expect(item.getByLabel('ACS task', { exact: true })).toBeFocused();

  // An item with no name: refused beside it, and nothing is sent.
  const patches: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH') patches.push(request.url());
  });
  await editor.getByRole('button', { name: `Save as revision ${next}` }).click();
  await expect(item.getByLabel('Item name')).toHaveAttribute('aria-invalid', 'true');
  await expect(item).toContainText('Item title is required');
  await expect(editor.getByRole('alert')).toContainText('nothing was saved');
  expect(patches).toEqual([]);
  expect((await demoCourseOf(page)).revision).toBe(revision);

  // Named, with the grade it must reach on the course's 1–4 scale.
  await item.getByLabel('Item name').fill(itemName);
  await item.getByLabel('Item kind').selectOption('ground');
  await item.getByLabel('Grade to reach').selectOption({ label: '4 — Exceeds the standard' });
  await expect(item.getByLabel('Required for the lesson to be complete')).toBeChecked();
  await editor.getByRole('button', { name: `Save as revision ${next}` }).click();

  // Said after saving: which revision was written, and that enrolled students stay where they are.
  await expect(page.getByRole('status').filter({ hasText: `Saved as revision ${next}.` })).toContainText(
    `Students enrolled on revision ${revision} stay on it until moved`,
  );
  await expect(header).toContainText(`Revision ${next}`);
  await expect(header).toContainText('Not in use yet');
  const stage = page.getByRole('region', { name: demoCourse.content.stages[0]!.title });
  await stage.getByText(newTitle).click();
  await expect(stage.getByRole('table', { name: `Items of ${newTitle}` })).toContainText(
    `School’s own${itemName}Ground4 — Exceeds the standard`,
  );
  expect(patches).toHaveLength(1);
  await logOut(page);

  // The student's instructor: she is still on her revision, with the lesson as it was, until he moves her.
  await signIn(page, 'instructor@skyline.test');
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  const stellaId = await skylogIdOf(page.request, 'student@skyline.test');
  await page.goto(`/dashboard/students/${stellaId}`);
  const enrolment = page.getByRole('region', { name: demoCourse.name });
  await expect(enrolment).toContainText(`· revision ${revision}`);
  const lessons = enrolment.getByRole('region', { name: 'Lessons' });
  await expect(lessons).toContainText(oldTitle);
  await expect(lessons).not.toContainText(newTitle);
  await enrolment.getByRole('button', { name: `Move to revision ${next}` }).click();
  await expect(toast(page, `Moved to revision ${next}: lessons already graded keep their grades`)).toBeVisible();
  await expect(enrolment).toContainText(`· revision ${next}`);
  await expect(enrolment.getByRole('button', { name: /^Move to revision/ })).toHaveCount(0);
  await expect(lessons).toContainText(newTitle);
  await expect(lessons).not.toContainText(oldTitle);

  // Her lesson, begun on her flight, holds the new item with the grade it must reach.
  const flight = await findTripByName(page.request, patternFlightName);
  await page.goto(`/dashboard/flights/${flight.trip_id}`);
  const lessonPanel = page.getByRole('region', { name: 'Lesson', exact: true });
  await lessonPanel.getByLabel('Student and course').selectOption({ label: `Stella Park — ${demoCourse.name}` });
  await lessonPanel
    .getByLabel('Lesson', { exact: true })
    .selectOption({ label: `${demoCourse.content.stages[0]!.title} — ${newTitle} (ground)` });
  await lessonPanel.getByRole('button', { name: 'Begin grading' }).click();
  await expect(page).toHaveURL(/\/dashboard\/training\/lessons\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('region', { name: 'Lesson', exact: true }).getByRole('heading', { name: newTitle })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Items' }).getByRole('article', { name: itemName })).toBeVisible();
});

test('at 390 px the syllabus editor fits the screen, every input labelled', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'orgadmin@skyline.test');
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  const course = await demoCourseOf(page);
  await page.goto(`/dashboard/training/courses/${course.id}`);
  await page.getByRole('button', { name: 'Edit syllabus' }).click();
  const editor = page.getByRole('form', { name: 'Edit syllabus' });
  const lesson = editor.getByRole('region', { name: 'Lesson 1.2' });
  await lesson.getByRole('button', { name: /^1\.2 / }).click();
  await lesson.getByRole('button', { name: 'Add an item' }).click();
  const added = lesson.getByRole('group').last();
  await expect(added.getByLabel('Item name')).toBeVisible();
  // An ACS task found by typing part of its title.
  await added.getByLabel('Search tasks by code or title').fill('steep');
  await added.getByLabel('ACS task').selectOption({ label: 'PA.V.A — Steep Turns' });
  await expect(added.getByLabel('Item name')).toHaveCount(0);
  await expect(added).toContainText('PA.V.A Steep Turns');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Every field has a name a screen reader reads out; every button says what it does.
  const unnamed = await editor.evaluate((form) =>
    [...form.querySelectorAll('input, select, textarea, button')]
      .filter((element) => {
        const labelled = element.getAttribute('aria-label') || (element as HTMLInputElement).labels?.length;
        return !labelled && !(element instanceof HTMLButtonElement && element.textContent?.trim());
      })
      .map((element) => element.outerHTML.slice(0, 80)),
  );
  expect(unnamed).toEqual([]);
  // Cancelled, nothing is written.
  await editor.getByRole('button', { name: 'Cancel' }).click();
  expect((await demoCourseOf(page)).revision).toBe(course.revision);
});
