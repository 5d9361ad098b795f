import { limits, operations } from '@skylog/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../lib/app-context.ts';
import { sendAttachment } from '../../lib/attachment.ts';
import { serveOperations } from '../../lib/serve-operations.ts';
import { createCourse, getCourse, importCourse, listCourses, setCheckInstructors, updateCourse } from './courses.service.ts';
import { enroll, getEnrollment, getTrainingProgress, listEnrollments, moveToLatest } from './enrollments.service.ts';
import { getHandoffBrief, getHandoffPdf } from './handoff.service.ts';
import { completeLesson, getLessonRecord, getTripLessonRecords, gradeItems, startLesson } from './grading.service.ts';
import { getScorecard } from './scorecard.service.ts';
import { exportTrainingRecordsCsv, exportTrainingRecordsPdf } from './training-records.service.ts';

/** A course file in JSON grows by its escaped quotes and line ends: room for the file's own limit. */
const importBodyLimit = limits.courseImportMaxBytes * 2;

export const coursesRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serveOperations(
    app,
    'courses',
    operations.courses,
    {
      list: async ({ scope }) => listCourses(ctx, scope),
      create: async ({ scope, body }) => createCourse(ctx, scope, body),
      importCourse: async ({ scope, body }) => importCourse(ctx, scope, body),
      read: async ({ scope, params, query }) => getCourse(ctx, scope, params.id, query.revision),
      update: async ({ scope, params, body }) => updateCourse(ctx, scope, params.id, body),
      setCheckInstructors: async ({ scope, params, body }) => setCheckInstructors(ctx, scope, params.id, body.skylog_ids),
      enrollments: async ({ scope, params }) => listEnrollments(ctx, scope, params.skylog_id),
      enroll: async ({ scope, params, body }) => enroll(ctx, scope, params.skylog_id, body),
      enrollment: async ({ scope, params }) => getEnrollment(ctx, scope, params.id),
      moveToLatest: async ({ scope, params }) => moveToLatest(ctx, scope, params.id),
      startLesson: async ({ scope, params, body }) => startLesson(ctx, scope, params.id, body),
      lessonRecord: async ({ scope, params }) => getLessonRecord(ctx, scope, params.id),
      grade: async ({ scope, params, body }) => gradeItems(ctx, scope, params.id, body),
      complete: async ({ scope, params, body }) => completeLesson(ctx, scope, params.id, body),
      forTrip: async ({ scope, params }) => getTripLessonRecords(ctx, scope, params.id),
      scorecard: async ({ scope, params }) => getScorecard(ctx, scope, params.skylog_id),
      progress: async ({ scope }) => getTrainingProgress(ctx, scope),
      handoff: async ({ scope, params }) => getHandoffBrief(ctx, scope, params.skylog_id),
      handoffPdf: async ({ scope, params, query, reply }) =>
        sendAttachment(reply, { type: 'application/pdf', ...(await getHandoffPdf(ctx, scope, params.skylog_id, query.timezone)) }),
      recordsCsv: async ({ scope, params, reply }) =>
        sendAttachment(reply, { type: 'text/csv; charset=utf-8', ...(await exportTrainingRecordsCsv(ctx, scope, params.id)) }),
      recordsPdf: async ({ scope, params, query, reply }) =>
        sendAttachment(reply, { type: 'application/pdf', ...(await exportTrainingRecordsPdf(ctx, scope, params.id, query.timezone)) }),
    },
    { importCourse: { bodyLimit: importBodyLimit } },
  );
};
