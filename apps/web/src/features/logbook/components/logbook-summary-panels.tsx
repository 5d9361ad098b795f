import { useLogbookSummary } from '../api/get-logbook.ts';
import { CurrencyPanel } from './currency-panel.tsx';
import { ProgressPanel } from './progress-panel.tsx';

/**
 * A pilot's currency and progress toward the certificate, for their person page (docs/product.md "Logbook"); the
 * page shows it only to whom the logbook opens, so nothing is asked that would be refused.
 */
export function LogbookSummaryPanels({ personId }: { personId: string }) {
  const summary = useLogbookSummary(personId);
  if (!summary.data) return null;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <CurrencyPanel summary={summary.data} />
      <ProgressPanel summary={summary.data} />
    </div>
  );
}
