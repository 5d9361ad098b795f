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

/** The body of a screen whose content lands in a later release of this version. */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <Screen title={title} description={description}>
      <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-sm text-slate-600">
        This screen is coming in this release.
      </div>
    </Screen>
  );
}
