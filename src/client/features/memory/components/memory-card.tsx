import type { ReactNode } from 'react';

/** One card of the memory page: a titled section (named by its heading), with its intro when it has one. */
export function MemoryCard({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl border bg-card p-5 shadow-sm sm:p-6">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-sm text-muted-foreground">{intro}</p> : null}
      {children}
    </section>
  );
}
