import {
  limits,
  type LogbookCsvLayout,
  type LogbookFields,
  type logbookImportBodySchema,
  type logbookPdfQuerySchema,
  logbookMessages,
} from '@skylog/contracts';
import { readLogbookCsv, writeLogbookCsv, type CsvProblem } from '@skylog/logbook';
import type { z } from 'zod';
import { requireLogbook } from '../../access/access.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { fileNameOf } from '../../lib/attachment.ts';
import type { RequestScope } from '../../lib/serve-operations.ts';
import { logbookPdf } from './logbook-pdf.ts';
import * as repository from './logbook.repository.ts';
import { allEntriesOf, timesProblem } from './logbook.service.ts';
import { verifyLogbook } from './signing.service.ts';

/**
 * A pilot's logbook in and out (docs/product.md "Logbook"): ForeFlight's and MyFlightbook's CSV layouts, and a
 * printable PDF in the US (14 CFR 61.51) or EASA (FCL.050) layout. An import is whole or nothing: every row's
 * problem is reported at once. A signature from the other product or from paper is kept as a note on the entry,
 * never as a Skylog signature.
 */

/** Rows of one insert: PostgreSQL takes at most 65,535 parameters in a statement. */
const insertBatch = 500;

/** What makes two entries the same flight for an import run twice: day, aircraft, time and route. */
const sameFlightKey = (fields: LogbookFields) =>
  [
    fields.date,
    fields.aircraft_identification ?? '',
    fields.total_hours.toFixed(1),
    fields.route.map((point) => point.airport ?? '').join('-'),
  ].join('|');

export async function importLogbookCsv(
  ctx: AppContext,
  scope: RequestScope,
  pilotId: string,
  input: z.infer<typeof logbookImportBodySchema>,
) {
  const { actor, operation } = scope;
  const { user } = await requireLogbook(ctx, actor, pilotId, 'edit', scope);
  const { entries, problems } = readLogbookCsv(input.layout, input.csv);
  const timeProblems: CsvProblem[] = entries.flatMap((entry) => {
    const problem = timesProblem(entry.fields, null);
    return problem ? [{ row: entry.row, ...problem }] : [];
  });
  const report = [...problems, ...timeProblems].sort((a, b) => a.row - b.row);
  if (report.length > 0) throw new AppError('validation_error', logbookMessages.logbookImportRefused, undefined, report);

  const existing = new Set((await repository.listEntriesOf(ctx.db, [pilotId])).map((entry) => sameFlightKey(entry.fields)));
  const fresh = entries.filter((entry) => !existing.has(sameFlightKey(entry.fields)));
  if (existing.size + fresh.length > limits.logbookMaxEntries) throw badRequest(logbookMessages.logbookFull);
  await ctx.db.transaction(async (tx) => {
    for (let start = 0; start < fresh.length; start += insertBatch) {
      await repository.insertEntries(
        tx,
        fresh.slice(start, start + insertBatch).map((entry) => ({
          orgId: user.orgId,
          pilotId,
          tripId: null,
          source: 'import' as const,
          fields: entry.fields,
          trackValues: null,
          typed: [],
          importedAttestation: entry.attestation,
        })),
      );
    }
  });
  const result = { imported: fresh.length, skipped_duplicates: entries.length - fresh.length };
  await ctx.audit.record({
    actor,
    action: operation,
    resource: `users/${pilotId}/logbook`,
    status: 'success',
    details: { layout: input.layout, ...result },
  });
  return result;
}

const fileBase = (user: { name: string | null; email: string }) => `logbook-${fileNameOf(user.name ?? user.email, 'pilot')}`;

export async function exportLogbookCsv(ctx: AppContext, scope: RequestScope, pilotId: string, layout: LogbookCsvLayout) {
  const { user } = await requireLogbook(ctx, scope.actor, pilotId, 'read', scope);
  const entries = await allEntriesOf(ctx, user);
  const body = writeLogbookCsv(
    layout,
    entries.map((entry) => ({
      fields: entry,
      attestation: entry.imported_attestation,
      signature: entry.signature && {
        instructorName: entry.signature.instructor_name,
        certificateNumber: entry.signature.certificate_number,
        certificateExpires: entry.signature.certificate_expires,
        signedAt: entry.signature.signed_at,
        status: entry.signature.status,
      },
    })),
  );
  return { name: `${fileBase(user)}-${layout}.csv`, body };
}

export async function exportLogbookPdf(
  ctx: AppContext,
  scope: RequestScope,
  pilotId: string,
  query: z.infer<typeof logbookPdfQuerySchema>,
) {
  const { user } = await requireLogbook(ctx, scope.actor, pilotId, 'read', scope);
  const [entries, verification] = await Promise.all([allEntriesOf(ctx, user), verifyLogbook(ctx, scope, pilotId)]);
  const body = await logbookPdf({
    layout: query.layout,
    pilot: { name: user.name, email: user.email, certificateNumber: user.licenseNumber },
    entries,
    verification,
    timezone: query.timezone,
    madeAt: new Date(),
  });
  return { name: `${fileBase(user)}-${query.layout}.pdf`, body };
}
