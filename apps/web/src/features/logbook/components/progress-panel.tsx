import type { LogbookSummary, ProgressRequirement } from '@skylog/contracts';
import { Link } from 'react-router';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { paths } from '../../../config/paths.ts';
import { regulationText } from './entry-values.ts';

const amount = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

function Requirement({ requirement }: { requirement: ProgressRequirement }) {
  const label = `${requirement.label} — ${regulationText(requirement.paragraph)}`;
  return (
    <li className="flex flex-col gap-1 py-2">
      <ProgressBar
        value={requirement.required > 0 ? requirement.done / requirement.required : 1}
        label={label}
        valueText={`${amount(requirement.done)} of ${amount(requirement.required)} ${requirement.unit}`}
      />
      {requirement.missing ? (
        <p className="text-xs text-amber-800">Still to do: {requirement.missing}</p>
      ) : (
        <p className="text-xs text-emerald-700">Met</p>
      )}
      {requirement.entries.length > 0 ? (
        <p className="flex flex-wrap gap-x-2 text-xs text-slate-600">
          Counted from:
          {requirement.entries.map((id, index) => (
            <Link key={id} to={paths.dashboard.logbookEntry.getHref(id)} className="text-brand-700 hover:underline">
              entry {index + 1}
            </Link>
          ))}
        </p>
      ) : null}
    </li>
  );
}

/** What the logbook shows toward each certificate's aeronautical experience (14 CFR 61.109, 61.65), one bar per requirement. */
export function ProgressPanel({ summary }: { summary: LogbookSummary }) {
  return (
    <section
      aria-label="Progress toward the certificate"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 className="text-base font-semibold">Progress toward the certificate</h2>
      {summary.progress.length === 0 ? <p className="text-sm text-slate-600">No certificate in progress.</p> : null}
      {summary.progress.map((certificate) => (
        <div key={`${certificate.certificate}-${certificate.regulation}`} className="flex flex-col gap-1">
          <h3 className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-800">
            {certificate.certificate} — {regulationText(certificate.regulation)}
            {certificate.met ? (
              <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">Every requirement met</span>
            ) : null}
          </h3>
          <ul className="divide-y divide-slate-100">
            {certificate.requirements.map((requirement) => (
              <Requirement key={`${requirement.paragraph}-${requirement.label}`} requirement={requirement} />
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
