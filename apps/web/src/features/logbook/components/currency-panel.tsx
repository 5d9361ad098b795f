import type { CurrencyStatus, LogbookSummary } from '@skylog/contracts';
import { dayText, regulationText } from './entry-values.ts';

const badge = 'rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';

/** One currency: whether the pilot is current, the day it lapses or lapsed, and what it takes, with its regulation. */
function CurrencyItem({ currency }: { currency: CurrencyStatus }) {
  return (
    <li className="flex flex-col gap-1 py-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-medium text-slate-900">
          {currency.label} — {regulationText(currency.rule)}
        </span>
        <span className={`${badge} ${currency.current ? 'bg-emerald-100 text-emerald-800' : 'bg-red-100 text-red-800'}`}>
          {currency.current ? 'Current' : 'Not current'}
        </span>
      </div>
      <p className="text-xs text-slate-600">
        {currency.lapses_on
          ? `${currency.current ? 'Lapses on' : 'Lapsed on'} ${dayText(currency.lapses_on)}`
          : 'Nothing in this logbook makes the pilot current yet'}
        {currency.lapsing_soon ? <span className={`${badge} ml-2 bg-amber-100 text-amber-900`}>Lapsing soon</span> : null}
      </p>
      <p className="text-xs text-slate-500">{currency.explanation}</p>
    </li>
  );
}

/** Currency as of today (14 CFR 61.56, 61.57) and the student's solo endorsement (61.87(n): 90 days). */
export function CurrencyPanel({ summary }: { summary: LogbookSummary }) {
  const solo = summary.solo_endorsement;
  return (
    <section aria-label="Currency" className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="text-base font-semibold">Currency</h2>
      <p className="text-xs text-slate-500">As of {dayText(summary.as_of)}.</p>
      {summary.currency.length > 0 ? (
        <ul className="divide-y divide-slate-100">
          {summary.currency.map((currency) => (
            <CurrencyItem key={`${currency.rule}-${currency.label}`} currency={currency} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No flights yet to be current by.</p>
      )}
      {solo ? (
        <p className={`text-sm ${solo.current ? 'text-slate-800' : 'text-red-700'}`}>
          Solo endorsement (14 CFR 61.87(n)):{' '}
          {solo.expires_on
            ? `${solo.current ? 'good through' : 'expired after'} ${dayText(solo.expires_on)}`
            : solo.current
              ? 'in force'
              : 'expired'}
        </p>
      ) : summary.pilot.user_type === 'student' ? (
        <p className="text-sm text-slate-600">No solo endorsement in force (14 CFR 61.87(n)).</p>
      ) : null}
    </section>
  );
}
