/**
 * What courses, lessons and grading say (docs/product.md "Lessons and grading"), read by the server's answers, the
 * screens and the tests. Kept apart from `messages` so the first screen's script does not carry them.
 */
export const trainingMessages = {
  courseNotFound: 'Course not found',
  enrollmentNotFound: 'Enrolment not found',
  lessonRecordNotFound: 'Lesson not found',
  trainingNotReadable: 'Only the student, the instructors of their school and its administrators read their training',
  notYourStudent: 'Only the student’s own instructor grades their lessons',
  notCourseAdmin: 'Only your organization’s administrators change courses',
  enrollNotAllowed: 'Only the student’s instructor or your organization’s administrators enrol a student',
  alreadyEnrolled: 'The student is already enrolled on this course',
  notAStudent: 'Only a student can be enrolled on a course',
  courseOfOtherSchool: 'Choose a course of the student’s school',
  unknownTemplate: 'There is no such course template',
  unknownTask: (code: string) => `${code} is not a task of the Private Pilot (FAA-S-ACS-6C) or Instrument Rating (FAA-S-ACS-8C) ACS`,
  gradeNotOnScale: (grade: string, scale: string) => `${grade} is not a grade of the ${scale} scale`,
  duplicateKey: (key: string) => `The key ${key} is used twice in the course`,
  scaleLocked: 'The grading scale cannot change once students are enrolled on the course',
  unknownLesson: 'This lesson is not part of the student’s course',
  itemNotInLesson: 'This item is not part of the lesson',
  lessonNotOpen: (stage: string) => `The stage check of ${stage} must be passed before this lesson`,
  flightNotStudents: 'The flight is not one of this student’s flights',
  lessonSigned: 'This lesson is signed: its grades cannot change',
  notGrader: 'Only the instructor giving this lesson grades it',
  stageCheckSameInstructor: 'A stage check is graded by a check instructor who did not teach the stage',
  stageCheckNotNamed: 'Only the check instructors your school names grade stage checks',
  enrollmentClosed: 'The enrolment is closed: the student graduated or withdrew',
  revisionLatest: 'The student is already on the newest revision',
  importUnknownColumn: (column: string) => `The CSV has no ${column} column`,
  importBadJson: 'The file is not JSON of a course (stages, lessons and items)',
} as const;
