import { logbookCsvLayouts } from '@skylog/contracts';
import { ClipboardCheck, FileUp, Plus, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DownloadLink } from '../../../components/ui/day-range-inputs.tsx';
import { api } from '../../../lib/api.ts';
import { timeZoneName } from '../../../lib/format-time.ts';
import { useSettingsStore } from '../../../lib/settings-store.ts';
import { useLogbookSummary } from '../api/get-logbook.ts';
import { AddEntryDialog } from './add-entry-dialog.tsx';
import { CurrencyPanel } from './currency-panel.tsx';
import { EndorsementsPanel } from './endorsements-panel.tsx';
import { csvLayoutLabels, ImportDialog } from './import-dialog.tsx';
import { LogbookTable } from './logbook-table.tsx';
import { ProgressPanel } from './progress-panel.tsx';
import { SignatureCheck } from './signature-check.tsx';
import type { LogbookViewer } from './viewer.ts';

const pdfLayouts = [
  { layout: 'us', label: 'Print (US, 14 CFR 61.51)' },
  { layout: 'easa', label: 'Print (EASA, FCL.050)' },
] as const;

type PilotLogbookProps = {
  personId: string;
  viewer: LogbookViewer;
  /** The instructor's signing queue, where the viewer may open it. */
  signingHref: string | null;
};

/**
 * A pilot's logbook (docs/product.md "Logbook"): the entries with a paper logbook's totals, what may be done with
 * them (add, import, export, print, verify the signatures), and beside them currency, progress toward the
 * certificate and endorsements.
 */
export function PilotLogbook({ personId, viewer, signingHref }: PilotLogbookProps) {
  const timezone = useSettingsStore((state) => state.timezone);
  const summary = useLogbookSummary(personId);
  const [dialog, setDialog] = useState<'add' | 'import' | null>(null);
  // Each press of Verify mounts the check anew, which asks the server again.
  const [checks, setChecks] = useState(0);
  const isOwn = viewer.skylogId === personId;
  // The pilot adds to their own logbook, an instructor to their student's: the server says which.
  const canAdd = summary.data?.can_edit === true;
  const params = { skylog_id: personId };
  const pilotName = summary.data?.pilot.name ?? null;

  return (
    <div className="flex flex-col gap-4">
      {!isOwn && pilotName ? <h2 className="text-lg font-semibold text-slate-800">{pilotName}&apos;s logbook</h2> : null}
      <div className="flex flex-wrap items-center gap-2">
        {canAdd ? (
          <>
            <Button onClick={() => setDialog('add')}>
              <Plus size={16} aria-hidden className="mr-1" /> Add entry
            </Button>
            <Button variant="secondary" onClick={() => setDialog('import')}>
              <FileUp size={16} aria-hidden className="mr-1" /> Import CSV
            </Button>
          </>
        ) : null}
        {logbookCsvLayouts.map((layout) => (
          <DownloadLink
            key={layout}
            label={`Export CSV (${csvLayoutLabels[layout]})`}
            href={api.logbook.exportCsv.url({ params, query: { layout } })}
          />
        ))}
        {pdfLayouts.map(({ layout, label }) => (
          <DownloadLink
            key={layout}
            label={label}
            href={api.logbook.exportPdf.url({ params, query: { layout, timezone: timeZoneName(timezone) } })}
          />
        ))}
        <Button variant="secondary" onClick={() => setChecks(checks + 1)}>
          <ShieldCheck size={16} aria-hidden className="mr-1" /> Verify signatures
        </Button>
        {signingHref ? (
          <Link
            to={signingHref}
            className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            <ClipboardCheck size={16} aria-hidden /> Signing queue
          </Link>
        ) : null}
      </div>
      {checks > 0 ? <SignatureCheck key={checks} personId={personId} /> : null}
      <LogbookTable personId={personId} />
      {summary.isError ? <Alert tone="error">{summary.error.message}</Alert> : null}
      <div className="grid gap-4 lg:grid-cols-2">
        {summary.data ? <CurrencyPanel summary={summary.data} /> : null}
        {summary.data ? <ProgressPanel summary={summary.data} /> : null}
        <div className="lg:col-span-2">
          <EndorsementsPanel personId={personId} pilotName={pilotName} viewer={viewer} />
        </div>
      </div>
      <AddEntryDialog personId={personId} isOpen={dialog === 'add'} onClose={() => setDialog(null)} />
      <ImportDialog personId={personId} isOpen={dialog === 'import'} onClose={() => setDialog(null)} />
    </div>
  );
}
