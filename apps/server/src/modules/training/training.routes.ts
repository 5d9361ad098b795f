import { operations } from '@skylog/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../lib/app-context.ts';
import { sendAttachment } from '../../lib/attachment.ts';
import { serveOperations } from '../../lib/serve-operations.ts';
import { exportOrgCsv, exportPersonCsv, getStudentsTraining, getTrainingRecord } from './training.service.ts';

const csvType = 'text/csv; charset=utf-8';

export const trainingRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serveOperations(app, 'people', operations.training, {
    record: async ({ scope, params, query }) => getTrainingRecord(ctx, scope, params.skylog_id, query),
    recordCsv: async ({ scope, params, query, reply }) =>
      sendAttachment(reply, { type: csvType, ...(await exportPersonCsv(ctx, scope, params.skylog_id, query)) }),
    exportCsv: async ({ scope, query, reply }) => sendAttachment(reply, { type: csvType, ...(await exportOrgCsv(ctx, scope, query)) }),
    studentsTraining: async ({ scope, params, query }) => getStudentsTraining(ctx, scope, params.skylog_id, query),
  });
};
