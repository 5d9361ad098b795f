import { zodResolver } from '@hookform/resolvers/zod';
import {
  logbookCsvLayouts,
  logbookImportBodySchema,
  logbookImportedMessage,
  messages,
  type LogbookCsvLayout,
  type LogbookImportReport,
  logbookMessages,
} from '@skylog/contracts';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { importReportOf, useImportLogbook } from '../api/import-logbook.ts';
import { fieldLabel } from './entry-values.ts';

export const csvLayoutLabels: Record<LogbookCsvLayout, string> = { foreflight: 'ForeFlight', myflightbook: 'MyFlightbook' };

/** The contracts' layout, and a file chosen, whose text the contracts' import body then checks. */
const importFormSchema = z.object({
  layout: logbookImportBodySchema.shape.layout,
  file: z.custom<File>((value) => value instanceof File, { message: 'Choose a logbook file' }),
});
type ImportInput = z.input<typeof importFormSchema>;
type ImportOutput = z.output<typeof importFormSchema>;

/** A ForeFlight or MyFlightbook logbook, taken whole or not at all: a refused file lists every row to correct. */
export function ImportDialog({ personId, isOpen, onClose }: { personId: string; isOpen: boolean; onClose: () => void }) {
  return (
    <Modal
      title="Import a logbook"
      content={isOpen ? <ImportForm personId={personId} onClose={onClose} /> : null}
      onRequestClose={onClose}
    />
  );
}

function ImportForm({ personId, onClose }: { personId: string; onClose: () => void }) {
  const importLogbook = useImportLogbook(personId);
  const form = useForm<ImportInput, unknown, ImportOutput>({
    resolver: zodResolver(importFormSchema),
    defaultValues: { layout: 'foreflight' },
  });
  const report = importReportOf(importLogbook.error);

  const handleSubmit = async ({ layout, file }: ImportOutput) => {
    const body = logbookImportBodySchema.safeParse({ layout, csv: await file.text() });
    if (!body.success) return form.setError('file', { message: body.error.issues[0]?.message ?? messages.unknownError });
    importLogbook.mutate(body.data, {
      onSuccess: (result) => {
        notify.success(logbookImportedMessage(result.imported, result.skipped_duplicates));
        onClose();
      },
    });
  };

  return (
    <form onSubmit={form.handleSubmit(handleSubmit)} className="flex flex-col gap-4 p-6" noValidate>
      <h2 className="text-lg font-semibold">Import a logbook</h2>
      <Controller
        control={form.control}
        name="layout"
        render={({ field, fieldState }) => (
          <RadioGroup
            label="Exported from"
            name={field.name}
            options={logbookCsvLayouts.map((layout) => ({ value: layout, label: csvLayoutLabels[layout] }))}
            value={field.value}
            error={fieldState.error?.message}
            onChange={field.onChange}
          />
        )}
      />
      <Controller
        control={form.control}
        name="file"
        render={({ field, fieldState }) => (
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            Logbook file (CSV)
            <input
              type="file"
              accept=".csv,text/csv"
              name={field.name}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(event.target.files?.[0] ?? null)}
              className="text-sm"
            />
            {fieldState.error ? <span className="text-xs font-normal text-red-600">{fieldState.error.message}</span> : null}
          </label>
        )}
      />
      <p className="text-xs text-slate-500">Entries already in the logbook are left out; nothing is imported while any row is refused.</p>
      {importLogbook.progress !== null ? <ProgressBar value={importLogbook.progress} label="Sending the logbook" /> : null}
      {report ? <ImportReport report={report} /> : importLogbook.error ? <Alert tone="error">{importLogbook.error.message}</Alert> : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" isLoading={importLogbook.isPending}>
          Import
        </Button>
      </div>
    </form>
  );
}

function ImportReport({ report }: { report: LogbookImportReport }) {
  return (
    <div role="alert" className="flex flex-col gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-medium">{logbookMessages.logbookImportRefused}</p>
      <div className="max-h-64 overflow-y-auto">
        <table className="w-full text-left text-xs" aria-label="Rows to correct">
          <thead>
            <tr>
              <th className="py-1 pr-3 font-medium">Row</th>
              <th className="py-1 pr-3 font-medium">Column</th>
              <th className="py-1 font-medium">Problem</th>
            </tr>
          </thead>
          <tbody>
            {report.rows.map((row, index) => (
              <tr key={`${row.row}-${row.field ?? ''}-${index}`} className="align-top">
                <td className="py-1 pr-3 tabular-nums">{row.row}</td>
                <td className="py-1 pr-3">{row.field ? fieldLabel(row.field) : '—'}</td>
                <td className="py-1">{row.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
