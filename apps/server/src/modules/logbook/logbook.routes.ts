import { limits, operations } from '@skylog/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../lib/app-context.ts';
import { sendAttachment } from '../../lib/attachment.ts';
import { serveOperations } from '../../lib/serve-operations.ts';
import { closeRequest, giveEndorsement, listEndorsements, requestEndorsement } from './endorsements.service.ts';
import { exportLogbookCsv, exportLogbookPdf, importLogbookCsv } from './logbook-transfer.service.ts';
import { getStudentsCurrency, getSummary } from './logbook-summary.service.ts';
import { createEntry, deleteEntry, getEntry, getTripEntries, listLogbook, updateEntry } from './logbook.service.ts';
import { getSigningQueue, signEntry, verifyLogbook } from './signing.service.ts';

/** A CSV file in JSON grows by its escaped quotes and line ends: room for the file's own limit. */
const importBodyLimit = limits.logbookImportMaxBytes * 2;

export const logbookRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serveOperations(
    app,
    'logbook',
    operations.logbook,
    {
      list: async ({ scope, params, query }) => listLogbook(ctx, scope, params.skylog_id, query),
      create: async ({ scope, params, body }) => createEntry(ctx, scope, params.skylog_id, body),
      read: async ({ scope, params }) => getEntry(ctx, scope, params.id),
      update: async ({ scope, params, body }) => updateEntry(ctx, scope, params.id, body),
      remove: async ({ scope, params }) => {
        await deleteEntry(ctx, scope, params.id);
        return undefined;
      },
      forTrip: async ({ scope, params }) => getTripEntries(ctx, scope, params.id),
      sign: async ({ scope, params, body }) => signEntry(ctx, scope, params.id, body),
      verify: async ({ scope, params }) => verifyLogbook(ctx, scope, params.skylog_id),
      summary: async ({ scope, params, query }) => getSummary(ctx, scope, params.skylog_id, query.as_of),
      importCsv: async ({ scope, params, body }) => importLogbookCsv(ctx, scope, params.skylog_id, body),
      exportCsv: async ({ scope, params, query, reply }) =>
        sendAttachment(reply, { type: 'text/csv; charset=utf-8', ...(await exportLogbookCsv(ctx, scope, params.skylog_id, query.layout)) }),
      exportPdf: async ({ scope, params, query, reply }) =>
        sendAttachment(reply, { type: 'application/pdf', ...(await exportLogbookPdf(ctx, scope, params.skylog_id, query)) }),
      signingQueue: async ({ scope }) => getSigningQueue(ctx, scope),
      studentsCurrency: async ({ scope, params }) => getStudentsCurrency(ctx, scope, params.skylog_id),
      endorsements: async ({ scope, params }) => listEndorsements(ctx, scope, params.skylog_id),
      endorse: async ({ scope, params, body }) => giveEndorsement(ctx, scope, params.skylog_id, body),
      requestEndorsement: async ({ scope, params, body }) => requestEndorsement(ctx, scope, params.skylog_id, body),
      closeRequest: async ({ scope, params }) => {
        await closeRequest(ctx, scope, params.id);
        return undefined;
      },
    },
    { importCsv: { bodyLimit: importBodyLimit } },
  );
};
