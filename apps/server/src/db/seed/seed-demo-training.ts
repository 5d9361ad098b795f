import { courseTemplateByKey, meetsGrade, type CourseLesson } from '@skylog/contracts';
import { addDays } from '@skylog/logbook';
import { and, eq, inArray } from 'drizzle-orm';
import { findLesson } from '../../modules/courses/course-content.ts';
import {
  insertCourse,
  insertEnrollment,
  insertItemGrades,
  insertRecord,
  insertRevision,
  insertRework,
  lockRevision,
  replaceCheckInstructors,
} from '../../modules/courses/courses.repository.ts';
import type { Executor } from '../client.ts';
import { enrollments, lessonRecords, orgs, trips, users, type LessonSignature } from '../schema/index.ts';
import { demoPeople, demoRoleAccounts, demoSchool } from './demo-school.ts';

/**
 * The demo student's Part 141 training (docs/product.md "Lessons and grading"): the shipped Private Pilot Part 141
 * course copied into the demo school, with a check instructor named, and the demo student enrolled on it in stage 1.
 * Four lessons are graded and signed by the demo instructor; the last, flown on the demo pattern-work flight, is
 * incomplete with its landing on the rework list. Written once: a student already enrolled is left as they are.
 */

const templateKey = 'private-airplane-part-141';
const byRole = (role: string) => demoRoleAccounts.find((person) => person.role === role)!;
const [instructorAccount, studentAccount, adminAccount] = [byRole('instructor'), byRole('student'), byRole('org_admin')];
/** The school's other Part 141 instructor at the north field: she taught none of stage 1, so she may give its check (14 CFR 141.37). */
const checkInstructorAccount = demoPeople.find((person) => person.email === 'ana.costa@skyline.test')!;
/** The demo flight the student flew with the demo instructor (demo-trips/pattern-work-kpao.json). */
const patternFlightName = 'Pattern work at KPAO';

type DemoLesson = {
  key: string;
  daysAgo: number;
  groundHours: number;
  onPatternFlight?: true;
  /** Grades by ACS task code (or an item's title for the school's own items); every other item reaches its grade. */
  grades?: Record<string, { grade: string; remark?: string }>;
  remarks: string;
};

const enrolledDaysAgo = 46;

const demoLessons: DemoLesson[] = [
  { key: 's1-l1', daysAgo: 45, groundHours: 6.5, remarks: 'Knows the Skyhawk’s systems well; review the V-speeds and the weight and balance once more.' },
  {
    key: 's1-l2',
    daysAgo: 44,
    groundHours: 0.5,
    grades: { 'PA.II.A': { grade: '3', remark: 'Thorough walk-around with the checklist.' } },
    remarks: 'Good first flight: altitude within 150 ft in the turns. Trim more and look outside.',
  },
  {
    key: 's1-l3',
    daysAgo: 40,
    groundHours: 0.5,
    grades: { 'PA.VII.B': { grade: '3', remark: 'Recovered promptly, wings level, no secondary stall.' } },
    remarks: 'Stall recognition is good. Slow flight: keep the ball centred with rudder.',
  },
  {
    key: 's1-l5',
    daysAgo: 5,
    groundHours: 0.4,
    onPatternFlight: true,
    grades: {
      'PA.IV.B': { grade: '1', remark: 'Bounced after flaring high, then released the back pressure; one unstable approach after a late base.' },
      'PA.IV.N': { grade: '3', remark: 'Go-around flown well with the Skyhawk still on the runway.' },
      'PA.III.A': { grade: '2', remark: 'Squawk read back as 0463 instead of 0436; caught at the run-up.' },
    },
    remarks: 'Landings to repeat next lesson: stabilised by 500 ft, hold the flare. Go around sooner when high on base.',
  },
];

const gradeOf = (lesson: DemoLesson, item: CourseLesson['items'][number]) => lesson.grades?.[item.task_code ?? item.title] ?? { grade: item.required_grade };

export async function seedDemoTraining(db: Executor, now = new Date()): Promise<void> {
  const template = courseTemplateByKey(templateKey)!;
  const [school] = await db.select({ id: orgs.id }).from(orgs).where(eq(orgs.name, demoSchool.name)).limit(1);
  if (!school) return;
  const people = await db
    .select({ id: users.skylogId, email: users.email, name: users.name, licenseNumber: users.licenseNumber })
    .from(users)
    .where(and(eq(users.orgId, school.id), inArray(users.email, [instructorAccount.email, studentAccount.email, adminAccount.email, checkInstructorAccount.email])));
  const person = (email: string) => people.find((candidate) => candidate.email === email);
  const [instructor, student, admin, checkInstructor] = [instructorAccount, studentAccount, adminAccount, checkInstructorAccount].map((account) => person(account.email));
  if (!instructor || !student || !admin) return;
  const [enrolled] = await db.select({ id: enrollments.id }).from(enrollments).where(eq(enrollments.studentId, student.id)).limit(1);
  if (enrolled) return;

  const today = now.toISOString().slice(0, 10);
  const course = await insertCourse(db, { orgId: school.id, name: template.name, part: template.part, scale: template.scale, templateKey, createdBy: admin.id });
  const revision = await insertRevision(db, { courseId: course.id, number: 1, content: template.content, createdBy: admin.id });
  if (checkInstructor) await replaceCheckInstructors(db, course.id, [checkInstructor.id]);
  await lockRevision(db, revision.id);
  const enrollment = await insertEnrollment(db, {
    orgId: school.id,
    studentId: student.id,
    courseId: course.id,
    revisionId: revision.id,
    enrolledOn: addDays(today, -enrolledDaysAgo),
    createdBy: instructor.id,
  });
  const [patternFlight] = await db
    .select({ id: trips.id, beginTime: trips.beginTime, endTime: trips.endTime })
    .from(trips)
    .where(and(eq(trips.orgId, school.id), eq(trips.tripName, patternFlightName), eq(trips.leftSeat, student.id)))
    .limit(1);
  const certificate = { instructor_name: instructor.name ?? instructor.email, certificate_number: instructor.licenseNumber ?? 'CFI', certificate_expires: addDays(today, 400) };

  for (const lesson of demoLessons) {
    const { lesson: syllabus } = findLesson(template.content, lesson.key)!;
    const flight = lesson.onPatternFlight ? patternFlight : undefined;
    const date = flight?.beginTime ? flight.beginTime.toISOString().slice(0, 10) : addDays(today, -lesson.daysAgo);
    // Signed after the debrief: half an hour after landing, or that evening for a lesson without a recording.
    const signedAt = flight?.endTime ? new Date(flight.endTime.getTime() + 30 * 60_000) : new Date(`${date}T22:00:00Z`);
    const record = await insertRecord(db, {
      enrollmentId: enrollment.id,
      lessonKey: syllabus.key,
      tripId: flight?.id ?? null,
      lessonDate: date,
      instructorId: instructor.id,
      stageCheck: syllabus.stage_check,
      groundHours: lesson.groundHours,
    });
    const lines = syllabus.items.map((item, position) => ({ item, position, ...gradeOf(lesson, item) }));
    await insertItemGrades(
      db,
      lines.map(({ item, position, grade, remark }) => ({
        recordId: record.id,
        itemKey: item.key,
        taskCode: item.task_code,
        title: item.title,
        kind: item.kind,
        required: item.required,
        requiredGrade: item.required_grade,
        position,
        grade,
        remark: remark ?? null,
        gradedBy: instructor.id,
        gradedAt: new Date(signedAt.getTime() - 10 * 60_000),
      })),
    );
    const shortOf = lines.filter(({ item, grade }) => !meetsGrade(template.scale, grade, item.required_grade));
    await insertRework(
      db,
      shortOf.map(({ item, grade }) => ({
        enrollmentId: enrollment.id,
        itemKey: item.key,
        taskCode: item.task_code,
        title: item.title,
        kind: item.kind,
        requiredGrade: item.required_grade,
        grade,
        fromRecordId: record.id,
      })),
    );
    const signature: LessonSignature = { ...certificate, method: 'password', signed_at: signedAt.toISOString() };
    await db
      .update(lessonRecords)
      .set({ status: shortOf.some(({ item }) => item.required) ? 'incomplete' : 'complete', remarks: lesson.remarks, signature, completedAt: signedAt, createdAt: signedAt })
      .where(eq(lessonRecords.id, record.id));
  }
}
