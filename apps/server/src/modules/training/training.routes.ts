import { dayRangeQuerySchema, skylogIdParamsSchema, studentsTrainingSchema, trainingExportQuerySchema, trainingRecordSchema } from '@skylog/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/app-context.ts';
import { requireUser } from '../../lib/require-user.ts';
import { sendAttachment } from '../../lib/attachment.ts';
import { exportOrgCsv, exportPersonCsv, getStudentsTraining, getTrainingRecord } from './training.service.ts';

const csvType = 'text/csv; charset=utf-8';

export const trainingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/users/:skylog_id/training-record',
    {
      config: { operation: 'users.training-record' },
      schema: {
        tags: ['people'],
        summary: "A person's training record: flights, hours by seat, landings, markers, the analysis's findings, last debrief",
        params: skylogIdParamsSchema,
        querystring: dayRangeQuerySchema,
        response: { 200: trainingRecordSchema },
      },
    },
    async (request) => getTrainingRecord(ctx, requireUser(request), request.params.skylog_id, request.query, request.url),
  );

  app.get(
    '/api/users/:skylog_id/training-record.csv',
    {
      config: { operation: 'users.training-record' },
      schema: {
        tags: ['people'],
        summary: "A person's training record as CSV: a row per flight (UTF-8, ISO dates, hours as decimals)",
        params: skylogIdParamsSchema,
        querystring: dayRangeQuerySchema,
      },
    },
    async (request, reply) =>
      sendAttachment(reply, { type: csvType, ...(await exportPersonCsv(ctx, requireUser(request), request.params.skylog_id, request.query, request.url)) }),
  );

  app.get(
    '/api/training-records.csv',
    {
      config: { operation: 'training-records.export' },
      schema: {
        tags: ['people'],
        summary: "Every student's flights of the organization or a sub-organization as CSV: a row per flight and student",
        querystring: trainingExportQuerySchema,
      },
    },
    async (request, reply) => sendAttachment(reply, { type: csvType, ...(await exportOrgCsv(ctx, requireUser(request), request.query, request.url)) }),
  );

  app.get(
    '/api/users/:skylog_id/students-training',
    {
      config: { operation: 'users.training-record' },
      schema: {
        tags: ['people'],
        summary: "An instructor's students, each with their training record's figures",
        params: skylogIdParamsSchema,
        querystring: dayRangeQuerySchema,
        response: { 200: studentsTrainingSchema },
      },
    },
    async (request) => getStudentsTraining(ctx, requireUser(request), request.params.skylog_id, request.query, request.url),
  );
};
