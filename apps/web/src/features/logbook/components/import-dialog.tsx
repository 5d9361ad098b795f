import { zodResolver } from '@hookform/resolvers/zod';
import {
  logbookCsvLayouts,
  logbookImportBodySchema,
  logbookImportedMessage,
  messages,
  type LogbookCsvLayout,
  logbookMessages,
} from '@skylog/contracts';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FileField } from '../../../components/ui/file-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import { RowProblemsReport } from '../../../components/ui/row-problems-report.tsx';
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
          <FileField
            label="Logbook file (CSV)"
            accept=".csv,text/csv"
            name={field.name}
            error={fieldState.error?.message}
            onBlur={field.onBlur}
            onFile={field.onChange}
          />
        )}
      />
      <p className="text-xs text-slate-500">Entries already in the logbook are left out; nothing is imported while any row is refused.</p>
      {importLogbook.progress !== null ? <ProgressBar value={importLogbook.progress} label="Sending the logbook" /> : null}
      {report ? (
        <RowProblemsReport message={logbookMessages.logbookImportRefused} rows={report.rows} fieldHeading="Column" fieldText={fieldLabel} />
      ) : importLogbook.error ? (
        <Alert tone="error">{importLogbook.error.message}</Alert>
      ) : null}
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
