import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { SiteFooter } from '#client/components/layout/site-footer.tsx';
import { SiteHeader } from '#client/components/layout/site-header.tsx';
import { LEGAL_LAST_UPDATED, LEGAL_LAST_UPDATED_ISO } from '#contract/product.ts';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/**
 * The frame of the privacy policy and the terms (spec section 2): centred header, a table of
 * contents of anchors, numbered sections, and the footer with the logo.
 */
export function LegalLayout({ title, intro, sections }: { title: string; intro: ReactNode; sections: LegalSection[] }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader variant="centered" />
      <main id="main" className="flex-1">
        <header className="border-b bg-gradient-to-b from-secondary/70 to-background px-4 pb-12 pt-14 text-center sm:px-6 sm:pt-20">
          <p className="text-sm font-semibold uppercase tracking-wider text-accent-foreground">Legal</p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
          <p className="mt-4 text-sm text-muted-foreground">
            Last updated: <time dateTime={LEGAL_LAST_UPDATED_ISO}>{LEGAL_LAST_UPDATED}</time>
          </p>
        </header>
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[16rem_1fr] lg:gap-16 lg:py-16">
          <nav aria-labelledby="toc-title" className="lg:sticky lg:top-24 lg:max-h-[calc(100dvh-8rem)] lg:self-start lg:overflow-y-auto">
            <h2 id="toc-title" className="text-sm font-semibold uppercase tracking-wider text-muted-foreground">
              Contents
            </h2>
            <ol className="mt-4 grid gap-1 text-sm">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <a href={`#${section.id}`} className="flex gap-2 rounded-md px-2 py-1.5 text-muted-foreground hover:bg-muted hover:text-foreground">
                    <span className="w-5 shrink-0 text-right tabular-nums">{index + 1}.</span>
                    <span>{section.title}</span>
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          <article className="min-w-0 max-w-3xl text-[0.95rem] leading-relaxed text-foreground/90 [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-foreground [&_li]:mt-2 [&_p]:mt-4 [&_strong]:font-semibold [&_strong]:text-foreground [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6">
            <div className="rounded-xl border bg-muted/40 p-5 [&>p:first-child]:mt-0">{intro}</div>
            {sections.map((section, index) => (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="mt-12 border-t pt-10 first-of-type:border-t-0">
                <h2 id={`${section.id}-title`} className="text-2xl font-semibold tracking-tight text-foreground">
                  <span className="mr-2 text-muted-foreground tabular-nums">{index + 1}.</span>
                  {section.title}
                </h2>
                {section.body}
              </section>
            ))}
            <p className="mt-12 border-t pt-8 text-sm text-muted-foreground">
              Questions about this document? <Link href="/contact">Contact us</Link>.
            </p>
          </article>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
