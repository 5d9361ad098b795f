/** A failed training read, worded once for every screen that shows it. */
export const trainingReadFailures = {
  courses: 'Could not load the courses',
  enrollments: 'Could not load the training record',
  lesson: 'Could not load the lesson',
  scorecard: 'Could not load the ACS scorecard',
  progress: "Could not load the students' progress",
  instructors: "Could not load the school's instructors",
  handoff: 'Could not load the hand-off brief',
} as const;
