import {
  courseImportReportSchema,
  type CourseCreate,
  type CourseImportBody,
  type CourseImportReport,
  type CourseUpdate,
} from '@skylog/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { trainingReadFailures } from './training-failures.ts';
import { useTrainingMutation } from './training-mutation.ts';

/** The school's courses, and the templates Skylog ships to copy. */
export const useCourses = () => useQuery(api.courses.list.query(undefined, { failure: trainingReadFailures.courses }));

/** A course at its newest revision, or at the revision asked for. */
export const useCourse = (id: string, revision?: number) =>
  useQuery(
    api.courses.read.query(
      { params: { id }, query: revision === undefined ? {} : { revision } },
      { failure: trainingReadFailures.courses },
    ),
  );

/** Several revisions of a course at once: the syllabus editor reads every key a course ever held. */
export const useCourseRevisions = (id: string, revisions: readonly number[]) =>
  useQueries({
    queries: revisions.map((revision) =>
      api.courses.read.query({ params: { id }, query: { revision } }, { failure: trainingReadFailures.courses }),
    ),
  });

export const useCreateCourse = () => useTrainingMutation((body: CourseCreate) => api.courses.create({ body }));

/** A change to a course: written into its newest revision while nobody is enrolled on it, else into the next one. */
export const useUpdateCourse = () =>
  useTrainingMutation(({ id, body }: { id: string; body: CourseUpdate }) => api.courses.update({ params: { id }, body }));

export const useImportCourse = () => useTrainingMutation((body: CourseImportBody) => api.courses.importCourse({ body }));

/**
 * A refused course file's report: the server answers 400 with the common error shape and `rows`, each row's problem
 * ({ row, field, message }), and stores nothing (contracts' courseImportReportSchema). Null for any other failure.
 */
export function courseImportReportOf(error: unknown): CourseImportReport | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const report = courseImportReportSchema.safeParse(error.answer);
  return report.success && report.data.rows.length > 0 ? report.data : null;
}

export const useSetCheckInstructors = () =>
  useTrainingMutation(({ id, skylogIds }: { id: string; skylogIds: string[] }) =>
    api.courses.setCheckInstructors({ params: { id }, body: { skylog_ids: skylogIds } }),
  );

/** The instructors of the school, whom a course may name as its check instructors (14 CFR 141.37). */
export const useSchoolInstructors = () =>
  useQuery(
    api.people.list.query(
      { query: { role: 'instructor', page_size: 100, status: 'active' } },
      { failure: trainingReadFailures.instructors },
    ),
  );
