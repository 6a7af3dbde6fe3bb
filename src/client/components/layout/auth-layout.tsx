import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** The frame of the account pages: brand on top, one card in the middle, footer below. */
export function AuthLayout({ children, headerActions }: { children: ReactNode; headerActions?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-secondary/60 to-background">
      <SiteHeader>{headerActions}</SiteHeader>
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16">
        <div className="w-full max-w-md">{children}</div>
      </main>
      <SiteFooter />
    </div>
  );
}
