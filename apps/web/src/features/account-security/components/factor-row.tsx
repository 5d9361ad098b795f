import type { Factor } from '@skylog/contracts';
import type { ReactNode } from 'react';

/** One confirmed factor: its name, what it is and since when, and its actions. */
export function FactorRow({ factor, kind, extra, children }: { factor: Factor; kind: string; extra?: string; children: ReactNode }) {
  const since = new Date(factor.created_at).toLocaleDateString('en-GB');
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded border border-slate-200 p-3">
      <div>
        <p className="font-medium text-slate-900">{factor.friendly_name}</p>
        <p className="text-xs text-slate-600">{[kind, `on since ${since}`, ...(extra ? [extra] : [])].join(' · ')}</p>
      </div>
      <div className="flex gap-4 text-sm">{children}</div>
    </div>
  );
}
