import { expect, test, type Page } from '@playwright/test';
import { proposedGrade, type AcsEvidence, type Scorecard, type TripAnalysis } from '@skylog/contracts';
import { demoPassword, logOut, signIn, skylogIdOf } from './fixtures.ts';
import { clockText, findTripByName, getTrip } from './flight-helpers.ts';
import { toast } from './shell-helpers.ts';

/** The demo school's steep turns and slow flight (apps/server/src/db/seed/demo-trips): Jonas Berg with Marcus Webb. */
const demoTripName = 'Steep turns and slow flight, practice area';
const lessonTitle = 'Steep turns and ground reference maneuvers';

/** A course file whose two rows name a task the ACS does not have and a grade the scale does not have. */
const badCourseCsv = [
  'stage_key,stage_title,lesson_key,lesson_title,lesson_kind,planned_hours,stage_check,item_key,task_code,item_title,item_kind,required_grade,required',
  's1,Stage 1,l1,Steep turns,flight,1.2,no,i1,PA.Z.Z,Steep turns,flight,S,yes',
  's1,Stage 1,l1,Steep turns,flight,1.2,no,i2,PA.V.A,Steep turns,flight,3,yes',
].join('\n');

async function openTraining(page: Page) {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Training', exact: true }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Training');
}

/**
 * Lessons and grading (docs/product.md "Lessons and grading"): the school's administrator copies the Part 61 course
 * (a course file with bad rows is refused with each row's problem); the student's instructor enrols him, links the
 * demo flight of steep turns and slow flight to its lesson, reads Skylog's proposals from the flight with their
 * numbers and moments, takes one, overrides another, signs the lesson with his password, sees it incomplete with what
 * went on rework, and goes to the steep turn's moment; the student sees the scorecard and the rework item.
 */
test('an instructor grades a lesson from a flight beside its proposals and signs it; the student sees the scorecard and the rework', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const courseName = `Private Pilot (Part 61) ${Date.now().toString(36)}`;

  // The school's administrator: a refused course file first, then Skylog's Part 61 course copied.
  await signIn(page, 'orgadmin@skyline.test');
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  await openTraining(page);
  const courses = page.getByRole('region', { name: 'Courses' });
  await courses.getByRole('button', { name: 'Import a course' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import a course' });
  await importDialog.getByLabel('Name of the course').fill('Steep turns only');
  await importDialog.getByLabel('Part 61 (14 CFR 61.109)').check();
  await importDialog.getByLabel('Grading scale').selectOption({ label: 'Satisfactory / Unsatisfactory' });
  await importDialog
    .getByLabel('Course file')
    .setInputFiles({ name: 'course.csv', mimeType: 'text/csv', buffer: Buffer.from(badCourseCsv) });
  await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
  const report = importDialog.getByRole('table', { name: 'Rows to correct' });
  await expect(importDialog.getByRole('alert')).toContainText('nothing was imported');
  await expect(report.getByRole('row').nth(1)).toContainText('PA.Z.Z is not a task of the Private Pilot (FAA-S-ACS-6C)');
  await expect(report.getByRole('row').nth(1)).toContainText('2');
  await expect(report.getByRole('row').nth(2)).toContainText('3 is not a grade of the Satisfactory / Unsatisfactory scale');
  await importDialog.getByRole('button', { name: 'Cancel' }).click();

  await courses.getByRole('button', { name: 'Copy template' }).click();
  const copyDialog = page.getByRole('dialog', { name: 'Copy a course template' });
  await copyDialog
    .getByLabel('Template')
    .selectOption({ label: 'Private Pilot – Airplane Single-Engine Land (Part 61) — Part 61 (14 CFR 61.109)' });
  await copyDialog.getByLabel('Name of the course').fill(courseName);
  await copyDialog.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/training\/courses\/[0-9a-f-]{36}$/);
  const course = page.getByRole('region', { name: 'Course', exact: true });
  await expect(course.getByRole('heading', { name: courseName })).toBeVisible();
  await expect(course).toContainText('Revision 1');
  await expect(course).toContainText('Not in use yet');
  // Its syllabus: stages of lessons of items, each an ACS task with the grade to reach; stage checks cite their rule.
  const stage = page.getByRole('region', { name: 'Stage 1: Pre-solo' });
  await expect(stage).toContainText('Stage check — 14 CFR 141.37');
  await stage.getByText(lessonTitle).click();
  await expect(stage.getByRole('table', { name: `Items of ${lessonTitle}` })).toContainText('PA.V.ASteep TurnsFlightS — Satisfactory');
  // A stage check's grader: one of the school's instructors, named for the course.
  const checkInstructors = page.getByRole('region', { name: 'Check instructors' });
  await checkInstructors.getByLabel('Ana Costa').check();
  await checkInstructors.getByRole('button', { name: 'Save check instructors' }).click();
  await expect(toast(page, 'Check instructors saved')).toBeVisible();
  await logOut(page);

  // Jonas's instructor enrols him from his page.
  await signIn(page, 'marcus.webb@skyline.test');
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  const jonasId = await skylogIdOf(page.request, 'jonas.berg@skyline.test');
  await page.goto(`/dashboard/students/${jonasId}`);
  await page.getByRole('region', { name: 'Courses and lessons' }).getByRole('button', { name: 'Enrol on a course' }).click();
  const enrolDialog = page.getByRole('dialog', { name: 'Enrol on a course' });
  await enrolDialog.getByLabel('Course').selectOption({ label: `${courseName} — Part 61 (14 CFR 61.109), revision 1` });
  await enrolDialog.getByRole('button', { name: 'Enrol', exact: true }).click();
  const enrolment = page.getByRole('region', { name: courseName });
  await expect(enrolment.getByRole('progressbar', { name: 'Lessons done — Stage 1: Pre-solo' })).toHaveAttribute(
    'aria-valuetext',
    '0 of 30 lessons',
  );
  await expect(enrolment).toContainText('On track');

  // The flight of steep turns and slow flight, linked to the lesson that teaches them.
  const demo = await findTripByName(page.request, demoTripName);
  await page.goto(`/dashboard/flights/${demo.trip_id}`);
  const lessonPanel = page.getByRole('region', { name: 'Lesson', exact: true });
  await lessonPanel.getByLabel('Student and course').selectOption({ label: `Jonas Berg — ${courseName}` });
  await lessonPanel.getByLabel('Lesson', { exact: true }).selectOption({ label: `Stage 1: Pre-solo — ${lessonTitle}` });
  await lessonPanel.getByRole('button', { name: 'Begin grading' }).click();
  await expect(page).toHaveURL(/\/dashboard\/training\/lessons\/[0-9a-f-]{36}$/);
  const heading = page.getByRole('region', { name: 'Lesson', exact: true });
  await expect(heading.getByRole('heading', { name: lessonTitle })).toBeVisible();
  await expect(heading).toContainText('Jonas Berg');
  await expect(heading).toContainText('Stage 1: Pre-solo');
  await expect(heading).toContainText('In progress');

  // Skylog's proposals are what the flight's analysis measured of each task against the FAA-S-ACS-6C tolerances: on
  // this flight, steep turns both ways and slow flight.
  const analysis = (await (await page.request.get(`/api/trips/${demo.trip_id}/analysis`)).json()) as TripAnalysis;
  const evidenceOf = (task: string): AcsEvidence[] =>
    (analysis.analysis?.acs_evidence ?? []).filter((evidence) => evidence.task_code === task);
  const proposalOf = (evidence: AcsEvidence[]) =>
    proposedGrade('satisfactory', evidence.some((seen) => seen.outcome === 'outside') ? 'outside' : 'within');
  const steepEvidence = evidenceOf('PA.V.A');
  const slowEvidence = evidenceOf('PA.VII.A');
  expect(steepEvidence.length).toBeGreaterThan(0);
  expect(slowEvidence.length).toBeGreaterThan(0);
  const items = page.getByRole('region', { name: 'Items' });
  await expect(items).toContainText('Skylog proposes grades for 2 items from the flight’s analysis');
  const steepTurns = items.getByRole('article', { name: 'PA.V.A Steep Turns' });
  const slowFlight = items.getByRole('article', { name: 'PA.VII.A Maneuvering During Slow Flight' });
  const groundReference = items.getByRole('article', { name: 'PA.V.B Ground Reference Maneuvers' });

  // A suggestion with its numbers and moments, which grades nothing until the instructor takes it with one click.
  const steepProposal = steepTurns.getByRole('note', { name: 'Skylog’s proposal' });
  const steepProposed = proposalOf(steepEvidence);
  await expect(steepProposal).toContainText(`Suggestion — proposed from the flight: ${steepProposed}`);
  await expect(steepProposal).toContainText(steepEvidence[0]!.summary);
  await expect(steepProposal.getByRole('list', { name: 'Measurements' }).first()).toContainText(steepEvidence[0]!.measurements[0]!.limit);
  await expect(steepProposal.getByRole('link', { name: 'Go to moment' })).toHaveCount(steepEvidence.length);
  await expect(steepProposal.getByRole('link', { name: 'Go to moment' }).first()).toHaveAttribute(
    'href',
    `/dashboard/flights/${demo.trip_id}?at=${Math.round(steepEvidence[0]!.start_ms)}`,
  );
  await expect(steepTurns).toContainText('Not graded');
  await steepProposal.getByRole('button', { name: 'Use proposal' }).click();
  await expect(steepTurns.getByRole('radio', { checked: true })).toHaveAccessibleName(new RegExp(`^${steepProposed} — `));
  // The instructor overrides the slow flight's proposal.
  const slowProposed = proposalOf(slowEvidence);
  await expect(slowFlight.getByRole('note', { name: 'Skylog’s proposal' })).toContainText(`proposed from the flight: ${slowProposed}`);
  await slowFlight.getByLabel(slowProposed === 'S' ? 'I — Incomplete' : 'S — Satisfactory').check();
  // A task the analysis measures but did not see on this flight says so.
  await expect(groundReference).toContainText('No proposal: the flight’s analysis did not measure this task on this flight.');
  // The ground reference maneuvers fell short: they go on the rework list.
  await groundReference.getByLabel('U — Unsatisfactory').check();
  await groundReference.getByLabel('Remark').fill('Drifted 200 ft low on the rectangular course');
  for (const name of ['Preflight briefing', 'PA.VIII.A Straight-and-Level Flight', 'Postflight debriefing'])
    await items.getByRole('article', { name }).getByLabel('S — Satisfactory').check();

  // Sign and finish saves the grades, then asks who signs: the password, the certificate and its expiry (AC 120-78).
  await items.getByRole('button', { name: 'Sign and finish' }).click();
  const signDialog = page.getByRole('dialog', { name: 'Sign and finish the lesson' });
  await expect(signDialog).toContainText('Incomplete: not every required item reached its grade.');
  await expect(signDialog).toContainText(/On the rework list: .*PA\.V\.B Ground Reference Maneuvers/);
  await signDialog.getByLabel('Certificate number').fill('CFI 4410277');
  await signDialog.getByLabel('Certificate expiry').fill('2099-12-31');
  await signDialog.getByLabel('Your password').fill(demoPassword);
  await signDialog.getByRole('button', { name: 'Sign and finish' }).click();
  await expect(signDialog).toBeHidden();
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result).toContainText('Incomplete');
  await expect(result).toContainText('Went on the rework list');
  await expect(result).toContainText('PA.V.B Ground Reference Maneuvers: U — Unsatisfactory, needs S — Satisfactory');
  await expect(heading).toContainText('Incomplete');
  // Signed, the grades are read, not changed.
  await expect(items.getByRole('radio')).toHaveCount(0);
  await expect(groundReference).toContainText('Remark: Drifted 200 ft low on the rectangular course');

  // Go to moment: the flight opens where the steep turn was flown.
  await expect.poll(async () => (await getTrip(page.request, demo.trip_id)).audio.status, { timeout: 20_000 }).toBe('ready');
  const trip = await getTrip(page.request, demo.trip_id);
  await steepTurns.getByRole('link', { name: 'Go to moment' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/flights/${demo.trip_id}\\?at=`));
  await expect(page.getByTestId('playback-time')).toHaveText(clockText((steepEvidence[0]!.start_ms - (trip.audio.started_at ?? 0)) / 1000));
  // The flight lists the lesson graded on it.
  await expect(lessonPanel.getByRole('link', { name: lessonTitle }).last()).toBeVisible();
  await expect(lessonPanel).toContainText('Incomplete');

  // The hand-off brief, from Jonas's training: what an instructor taking him over reads first, and prints.
  await page.goto(`/dashboard/students/${jonasId}`);
  await expect(page.getByRole('region', { name: courseName }).getByRole('link', { name: 'Training record (CSV)' })).toHaveAttribute(
    'href',
    /\/records\.csv$/,
  );
  await page.getByRole('link', { name: 'Hand-off brief' }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Hand-off brief — Jonas Berg');
  await expect(page.getByRole('region', { name: 'Rework' })).toContainText('PA.V.B');
  await expect(page.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', /\/handoff\.pdf(\?|$)/);
  await logOut(page);

  // The student: his course, its rework, and the ACS scorecard.
  await signIn(page, 'jonas.berg@skyline.test');
  await expect(page).toHaveURL(/\/dashboard\/flights$/);
  await openTraining(page);
  const own = page.getByRole('region', { name: courseName });
  const rework = own.getByRole('region', { name: 'Rework' });
  await expect(rework).toContainText('PA.V.B');
  await expect(rework).toContainText('Ground Reference Maneuvers');
  await expect(rework).toContainText(`graded U — Unsatisfactory in ${lessonTitle}`);
  await expect(own.getByRole('region', { name: 'Lessons' }).getByRole('listitem').filter({ hasText: lessonTitle })).toContainText(
    'Incomplete',
  );
  // Per task, across his courses: a run retried on the same server has graded it before.
  const jonasScorecard = (await (await page.request.get(`/api/users/${jonasId}/scorecard`)).json()) as Scorecard;
  const practised = jonasScorecard.tasks.find((task) => task.task_code === 'PA.V.B')!.times_practised;
  expect(practised).toBeGreaterThanOrEqual(1);
  const scorecard = page.getByRole('table', { name: 'ACS scorecard' });
  const groundReferenceRow = scorecard.getByRole('row').filter({ hasText: 'PA.V.B' });
  await expect(groundReferenceRow).toContainText(`Ground Reference Maneuvers${practised}×`);
  await expect(groundReferenceRow.getByRole('cell').nth(3)).toHaveText('U');
  await expect(groundReferenceRow.getByRole('img', { name: /^Grades of PA\.V\.B, oldest first: (.*, )?U$/ })).toBeVisible();
  await expect(scorecard.getByRole('row').filter({ hasText: 'PA.V.A' })).toContainText('Steep Turns');
});
