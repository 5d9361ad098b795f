import { logbookImportReportSchema, type LogbookImportReport, type OperationInput, type Operations } from '@skylog/contracts';
import { useState } from 'react';
import { api, type ApiResult } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { uploadRequest } from '../../../lib/upload-request.ts';
import { useLogbookMutation } from './logbook-mutation.ts';

export type ImportBody = OperationInput<Operations['logbook']['importCsv']>['body'];
type ImportResult = ApiResult<Operations['logbook']['importCsv']>;

/**
 * Sends a logbook file's text (read in the browser) with the share of it sent so far, 0 to 1: a large ForeFlight
 * export takes a moment on a slow line. Null while nothing is being sent.
 */
export function useImportLogbook(personId: string) {
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useLogbookMutation(async (body: ImportBody) => {
    const payload = new Blob([JSON.stringify(body)], { type: 'application/json' });
    setProgress(0);
    try {
      return await uploadRequest<ImportResult>(api.logbook.importCsv.url({ params: { skylog_id: personId }, body }), {
        method: 'POST',
        body: payload,
        headers: { 'content-type': 'application/json' },
        onProgress: (sentBytes) => setProgress(sentBytes / payload.size),
      });
    } finally {
      setProgress(null);
    }
  });
  return { ...mutation, progress };
}

/**
 * A refused import's report: the server answers 400 with the common error shape and `rows`, each row's problem
 * ({ row, field, message }), and imports nothing (contracts' logbookImportReportSchema). Null for any other failure.
 */
export function importReportOf(error: unknown): LogbookImportReport | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const report = logbookImportReportSchema.safeParse(error.answer);
  return report.success && report.data.rows.length > 0 ? report.data : null;
}
