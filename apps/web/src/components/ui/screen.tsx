import type { ReactNode } from 'react';

/** A screen's heading and body inside the shell. */
export function Screen({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  return (
    <section className="mx-auto flex min-w-0 max-w-6xl flex-col gap-4">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900">{title}</h1>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </header>
      {children}
    </section>
  );
}
